/**
 * The languages Tullab speaks: English, the default and the fallback, and Arabic. A student's choice is kept on
 * their account; a request names the language its client shows in `Accept-Language`.
 */
export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
