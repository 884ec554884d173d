import { DEFAULT_LANGUAGE, isLanguage, languages, type Language } from '@tullab/contracts';

/**
 * The languages the apps speak (issue 12) are the contracts': English, the default and the fallback, and Arabic,
 * written right to left.
 */
export { DEFAULT_LANGUAGE, isLanguage, languages, type Language };

/** The query parameter that names a page's language in a shared link (`/?lang=ar`, decision 011). */
export const LANGUAGE_PARAM = 'lang';

/** Where a visitor's choice is kept in the browser. */
export const LANGUAGE_STORAGE_KEY = 'tullab.language';

/** The supported language a tag such as `ar-AE` names, or null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : null;
}

export type Direction = 'ltr' | 'rtl';
export const directionOf = (language: Language): Direction => (language === 'ar' ? 'rtl' : 'ltr');

/** The locale dates, numbers and money are formatted in: the language as written in the UAE. */
export const intlLocaleOf = (language: Language): string => `${language}-AE`;

/** The name of each language in itself, as the switcher offers it. */
export const languageNames: Record<Language, string> = { en: 'English', ar: 'العربية' };
