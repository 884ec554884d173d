import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf, isLanguage, DEFAULT_LANGUAGE } from '@tullab/web-kit/i18n/languages';

/** Figures and dates in the page's language, as written in the UAE. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useMemo(() => {
    const locale = intlLocaleOf(language);
    const numbers = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const aed = new Intl.NumberFormat(locale, { style: 'currency', currency: 'AED' });
    const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const shortDays = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const months = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const moments = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Dubai',
    });
    return {
      number: (value: number) => numbers.format(value),
      /** an amount in AED */
      aed: (value: number) => aed.format(value),
      /** a share of a whole, or null when there is no whole */
      percent: (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : null),
      /** a calendar day `YYYY-MM-DD` */
      day: (day: string) => days.format(new Date(`${day}T00:00:00Z`)),
      shortDay: (day: string) => shortDays.format(new Date(`${day}T00:00:00Z`)),
      /** a calendar month `YYYY-MM` */
      month: (month: string) => months.format(new Date(`${month}-01T00:00:00Z`)),
      /** a moment (ISO timestamp) in the UAE's time */
      moment: (iso: string) => moments.format(new Date(iso)),
    };
  }, [language]);
}
