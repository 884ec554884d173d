import i18n from 'i18next';
import {
  discountLabel as sharedDiscountLabel,
  formatOfferDate as sharedFormatOfferDate,
  type DiscountLabel,
} from '@tullab/ui';
import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag, type Language } from '@tullab/web-kit/i18n/languages';
import type { Offer } from './offer';

export { brandInitials, brandOf, CURRENCY, type DiscountLabel } from '@tullab/ui';

/** The language texts, numbers and dates are shown in: `language` if given, else the page's. */
const languageOf = (language?: string) => languageOfTag(language ?? i18n.language) ?? DEFAULT_LANGUAGE;

/**
 * The card's big label (SPEC §4 "Offer card display") in the page's language unless `language` is given; the words
 * come from the `offers` catalogue (badge), the digits from the language's locale.
 */
export function discountLabel(
  offer: Pick<Offer, 'offerType' | 'discountType' | 'discountValue'>,
  language?: string,
): DiscountLabel {
  const lng = languageOf(language);
  const t = (key: string, values?: Record<string, string>) =>
    i18n.t(`offers:badge.${key}`, { lng, ...values });
  const words = {
    referral: t('referral'),
    percentage: (amount: string) => t('percentage', { amount }),
    fixed: (amount: string) => t('fixed', { amount }),
    off: t('off'),
    freeShippingValue: t('freeShipping.value'),
    freeShippingCaption: t('freeShipping.caption'),
    free: t('free'),
  };
  return sharedDiscountLabel(offer, words, intlLocaleOf(lng));
}

/** English dates keep the British form they always had ('10 Sept 2025'; en-AE would write 'Sep'). */
const dateLocaleOf = (language: Language) =>
  language === DEFAULT_LANGUAGE ? 'en-GB' : intlLocaleOf(language);

/** A date as UAE students read it ('31 Dec 2025', '31 ديسمبر 2025'), or null when there is none. */
export const formatOfferDate = (iso: string | null, language?: string): string | null =>
  sharedFormatOfferDate(iso, dateLocaleOf(languageOf(language)));
