import { isAuthorizationResponse } from './callback';
import { isPhone } from './device';
import { page } from './page';
import { POPUP, popupFeatures, watchPopup } from './popup';
import { startAddress } from './start-address';
import { addStyles } from './styles';
import { buttonLanguage, DIRECTIONS, LABELS } from './texts';

/** The element's tag. */
export const ELEMENT_NAME = 'tullab-verify';

/** The events the element dispatches (they bubble, and cross shadow roots). */
export const EVENTS = {
  /** the popup came back to the page's origin; `detail.url` is where. Cancellable: then the page stays. */
  complete: 'tullab-verify:complete',
  /** the student closed the popup before the flow came back */
  cancel: 'tullab-verify:cancel',
} as const;

/** `detail` of EVENTS.complete. */
export interface CompleteDetail {
  url: string;
}

/** `<tullab-verify start="…" lang="…">`: the button, and the flow it opens (the attributes: src/index.ts). */
export class TullabVerifyElement extends HTMLElement {
  static observedAttributes = ['start', 'lang'];

  private readonly button: HTMLButtonElement;
  /** the popup the flow is open in, while it is watched */
  private popup: Window | null = null;
  /** whether the button is drawn: an upgrade reports the attributes before it connects, and they wait for it */
  private drawn = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    addStyles(root);
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.setAttribute('part', 'button');
    this.button.addEventListener('click', () => this.verify());
    root.append(this.button);
  }

  connectedCallback(): void {
    this.render();
  }

  attributeChangedCallback(): void {
    if (this.drawn) this.render();
  }

  /**
   * The label in the element's language (its own `lang`, else the nearest one above it, usually `<html lang>`) and
   * its direction; disabled while `start` is not an address of the page's own.
   */
  private render(): void {
    const language = buttonLanguage(this.closest('[lang]')?.getAttribute('lang'));
    this.button.textContent = LABELS[language];
    this.button.lang = language;
    this.button.dir = DIRECTIONS[language];
    this.button.disabled = this.start() === null;
    this.drawn = true;
  }

  /** The address the flow starts at, or null (with the reason in the console) when `start` may not be opened. */
  private start(): URL | null {
    const start = this.getAttribute('start');
    const url = startAddress(start, window.location);
    if (!url) {
      console.error(
        `<${ELEMENT_NAME}>: start must be an address on this page's own origin (${window.location.origin}), ` +
          `where your server starts the flow; got ${JSON.stringify(start)}. The button does nothing.`,
      );
    }
    return url;
  }

  /** On a phone, or when the popup is blocked, the page itself goes to `start`; elsewhere a popup opens there. */
  private verify(): void {
    const start = this.start();
    if (!start) return;
    if (this.popup && !this.popup.closed) return this.popup.focus();
    if (isPhone(window)) return page.go(start.href);
    const popup = window.open(start.href, POPUP.name, popupFeatures(window));
    if (!popup) return page.go(start.href);
    this.popup = popup;
    watchPopup(popup, start, window.location.origin, {
      onReturn: (url) => this.complete(popup, url),
      onClose: () => this.cancel(popup),
    });
  }

  /**
   * The flow came back to the page's origin at `url`: the popup closes, EVENTS.complete is dispatched and, unless a
   * listener cancelled it, the page goes to `url`; or reloads, when `url` is the callback itself (src/callback.ts).
   */
  private complete(popup: Window, url: string): void {
    popup.close();
    if (this.popup === popup) this.popup = null;
    const event = new CustomEvent<CompleteDetail>(EVENTS.complete, {
      detail: { url },
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    if (!this.dispatchEvent(event)) return;
    if (isAuthorizationResponse(new URL(url))) page.reload();
    else page.go(url);
  }

  /** The student closed the popup: EVENTS.cancel. */
  private cancel(popup: Window): void {
    if (this.popup === popup) this.popup = null;
    this.dispatchEvent(new CustomEvent(EVENTS.cancel, { bubbles: true, composed: true }));
  }
}

/** Defines the element unless it is defined already: a page may include the script twice. */
export function defineElement(): void {
  if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, TullabVerifyElement);
}

declare global {
  interface HTMLElementTagNameMap {
    [ELEMENT_NAME]: TullabVerifyElement;
  }
}
