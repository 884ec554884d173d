/** The popup the flow opens in on a computer: one per page (a second click brings it forward), about a phone's size. */
export const POPUP = { name: 'tullab-verify', width: 480, height: 720 } as const;

/** How often the page looks at the popup, in milliseconds. */
export const WATCH_EVERY_MS = 250;

/** Where the window is on the screen and how large, to centre the popup over it. */
export type Placement = Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>;

/** `window.open`'s features for a popup of POPUP's size centred over the window. */
export function popupFeatures(window: Placement): string {
  const left = Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2);
  return `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`;
}

/** The popup's address while the page may read it (on the page's origin, or still blank); null on another origin. */
function readableAddress(popup: Window): string | null {
  try {
    return popup.location.href;
  } catch {
    return null;
  }
}

/** What becomes of the popup: it comes back to the page's origin at `url`, or the student closes it. */
export interface PopupOutcome {
  onReturn(url: string): void;
  onClose(): void;
}

/**
 * Watches a popup opened at `start` until it is back on the page's origin (the brand's callback, or the page it
 * sends the student on to, after Tullab sent them back): then `onReturn` with its address. While it shows Tullab's
 * pages, reading its address throws: it has left. It is back when its address is on `origin` again and it has left,
 * or the address is another than `start` (a student who consented before goes to Tullab and back in redirects alone,
 * which the popup never shows). When it is closed first, `onClose`. Either way the watch ends.
 */
export function watchPopup(popup: Window, start: URL, origin: string, outcome: PopupOutcome): void {
  let left = false;
  const timer = setInterval(() => {
    if (popup.closed) {
      clearInterval(timer);
      return outcome.onClose();
    }
    const address = readableAddress(popup);
    if (address === null) {
      left = true;
      return;
    }
    // about:blank, before the popup's first page has arrived, is on no origin
    const url = new URL(address);
    if (url.origin !== origin || (!left && url.href === start.href)) return;
    clearInterval(timer);
    outcome.onReturn(url.href);
  }, WATCH_EVERY_MS);
}
