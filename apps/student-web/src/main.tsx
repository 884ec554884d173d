/**
 * The entry point. index.html paints the first screen (the header, and the hero on the home page) on its own; the
 * app's code is only fetched once that is on screen, so that nothing competes with it, and then replaces it.
 */

import { detectLanguage } from '@tullab/web-kit/i18n/detect';
import { DEFAULT_LANGUAGE } from '@tullab/web-kit/i18n/languages';

/** Should the browser never report the paint, the app starts after this long all the same. */
const LONGEST_WAIT_MS = 3000;

/**
 * Calls `start` once the browser has painted the page's text: that can be a frame or two after its first paint (once
 * the font is ready), so a frame callback would not do. A hidden page paints nothing and starts at once, as does a
 * browser that does not report paints.
 */
function afterFirstContentfulPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const paintsReported =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !paintsReported) return startOnce();

  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    startOnce();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(startOnce, LONGEST_WAIT_MS);
}

// index.html's first paint is in English: a page in another language starts the app at once instead, so the English
// first screen is replaced as soon as possible (decision 011)
const start = () => void import('./root/render-app');
if (detectLanguage() === DEFAULT_LANGUAGE) afterFirstContentfulPaint(start);
else start();
