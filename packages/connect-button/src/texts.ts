/** The languages the button speaks: Arabic on an Arabic page, English everywhere else. */
export type ButtonLanguage = 'en' | 'ar';

/**
 * The button's label in each language. In Arabic the product keeps its Latin name, as the student app's Arabic texts
 * do («… على Tullab»), so a student recognises it at a brand's checkout.
 */
export const LABELS: Record<ButtonLanguage, string> = {
  en: 'Verify with Tullab',
  ar: 'تحقّق عبر Tullab',
};

/** The writing direction of each language, for the button's `dir`. */
export const DIRECTIONS: Record<ButtonLanguage, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };

/** The button's language for a `lang` value (a BCP 47 tag: `ar`, `ar-AE`, `en-GB`): Arabic for Arabic, else English. */
export function buttonLanguage(lang: string | null | undefined): ButtonLanguage {
  return lang?.trim().toLowerCase().split('-')[0] === 'ar' ? 'ar' : 'en';
}
