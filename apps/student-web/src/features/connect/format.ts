import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag } from '@tullab/web-kit/i18n/languages';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The locale of the page's language as written in the UAE. */
const localeOf = (language: string | undefined) => intlLocaleOf(languageOfTag(language) ?? DEFAULT_LANGUAGE);

/**
 * A date as the page's language writes it ('30 Jun 2027'): a day (`YYYY-MM-DD`, a student's "verified until") as
 * written, in every time zone; a moment (ISO 8601) on the reader's own calendar.
 */
export function formatDate(value: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    ...(DAY.test(value) && { timeZone: 'UTC' }),
  }).format(new Date(value));
}

/** Items as a list the page's language reads ('Verified student status, First name'). */
export const formatList = (items: string[], language: string | undefined): string =>
  new Intl.ListFormat(localeOf(language), { type: 'unit', style: 'short' }).format(items);
