import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { directionOf, type Language } from './languages';

/** Left-to-right pages keep Emotion's styles as written. */
const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | null = null;

/**
 * Fetches what a language needs before a page shows in it: for Arabic, the right-to-left style cache and the Arabic
 * font (its regular and bold weights, the Arabic letters only). English needs nothing more.
 */
export async function prepareDirection(language: Language): Promise<void> {
  if (directionOf(language) === 'ltr' || rtlCache) return;
  const [{ rtlCache: cache }] = await Promise.all([
    import('./rtl-cache'),
    import('@fontsource/noto-sans-arabic/arabic-400.css'),
    import('@fontsource/noto-sans-arabic/arabic-700.css'),
  ]);
  rtlCache = cache;
}

/** Marks the page's language and direction on `<html>`, for screen readers, the browser and the CSS. */
export function markDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** The style cache of the page's direction (the right-to-left one once `prepareDirection` fetched it). */
export function DirectionStyles({ language, children }: { language: Language; children: ReactNode }) {
  const cache = directionOf(language) === 'rtl' && rtlCache ? rtlCache : ltrCache;
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}
