import { BRAND_GREEN, BRAND_GREEN_DARK, BRAND_GREEN_DEEP, BRAND_GREEN_LIGHT } from '@tullab/ui/colours';

/** The button's label colour on the brand green: its darkest shade, 7.4:1 (WCAG AA asks 4.5:1). */
export const LABEL_COLOUR = BRAND_GREEN_DEEP;

/**
 * The button's look, inside the element's shadow root: the brand's styles neither break it nor see it, and
 * `::part(button)` lets a brand change it on purpose. The brand green with dark text, a 44-pixel target, the page's
 * own font, a visible focus ring; disabled (no valid `start`) it is dimmed.
 */
export const BUTTON_CSS = `
:host { display: inline-block; }
:host([hidden]) { display: none; }
button {
  min-height: 44px;
  padding: 10px 20px;
  border: 0;
  border-radius: 10px;
  background-color: ${BRAND_GREEN};
  color: ${LABEL_COLOUR};
  font: inherit;
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.5;
  cursor: pointer;
}
button:hover { background-color: ${BRAND_GREEN_LIGHT}; }
button:focus-visible { outline: 2px solid ${BRAND_GREEN_DARK}; outline-offset: 2px; }
button:disabled { opacity: 0.6; cursor: not-allowed; }
`;

/**
 * Adds BUTTON_CSS to a shadow root: as a constructed stylesheet where the browser has them, which a brand's
 * Content-Security-Policy without `'unsafe-inline'` styles still allows, else as a `<style>` element.
 */
export function addStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(BUTTON_CSS);
    root.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = BUTTON_CSS;
  root.append(style);
}
