import type { Request } from 'express';
import { DEFAULT_LANGUAGE, isLanguage, languages, type Language } from '@tullab/contracts';

/** The languages Tullab speaks are the contracts'; English is the default and the fallback. */
export { DEFAULT_LANGUAGE, languages, type Language };

/**
 * The language a request asks for: the first of `Accept-Language`'s ranges, by quality, whose primary subtag Tullab
 * speaks (`ar-AE` → `ar`); English when none does or the header is missing or malformed.
 */
export function languageOf(req: Pick<Request, 'headers'>): Language {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string') return DEFAULT_LANGUAGE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [range, ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=(.*)$/.exec(param)?.[1]).find((value) => value !== undefined);
      return {
        tag: range.trim().toLowerCase().split('-')[0],
        quality: q === undefined ? 1 : Number(q.trim() || NaN),
        index,
      };
    })
    .filter(({ quality }) => Number.isFinite(quality) && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map(({ tag }) => tag).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
