import i18n from 'i18next';
import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag } from '../../i18n/languages';
import { isReferral, type Offer } from './offer';

/** SPEC §9: the currency of fixed discounts. */
export const CURRENCY = 'AED';

/**
 * The big label of an offer card (SPEC §4 "Offer card display"): a value, then a suffix or a caption under it, in the
 * page's language ('20% OFF', 'AED 50 OFF', 'FREE SHIPPING'; in Arabic '20% خصم', '50 درهم خصم', 'شحن مجاني').
 */
export interface DiscountLabel {
  value: string;
  suffix?: string;
  caption?: string;
}

/** The language texts, numbers and dates are shown in: `language` if given, else the page's. */
const languageOf = (language?: string) => languageOfTag(language ?? i18n.language) ?? DEFAULT_LANGUAGE;

/** An amount as written in `language`, decimals kept, with thousands separators ('1,250.5'). */
function amount(value: number | null, language: string): string {
  return (value ?? 0).toLocaleString(intlLocaleOf(languageOf(language)), {
    maximumFractionDigits: 2,
    useGrouping: true,
  });
}

/**
 * Referral: 'Offer'. Percentage: value + '%', 'OFF'. Fixed: 'AED' + value, 'OFF'. Otherwise 'FREE', with
 * 'SHIPPING' under it for free_shipping. In the page's language unless `language` is given; the words come from the
 * `offers` catalogue (badge).
 */
export function discountLabel(
  offer: Pick<Offer, 'offerType' | 'discountType' | 'discountValue'>,
  language?: string,
): DiscountLabel {
  const lng = languageOf(language);
  const t = (key: string, values?: Record<string, string>) =>
    i18n.t(`offers:badge.${key}`, { lng, ...values });
  if (isReferral(offer)) return { value: t('referral') };
  switch (offer.discountType) {
    case 'percentage':
      return { value: t('percentage', { amount: amount(offer.discountValue, lng) }), suffix: t('off') };
    case 'fixed':
      return { value: t('fixed', { amount: amount(offer.discountValue, lng) }), suffix: t('off') };
    case 'free_shipping':
      return { value: t('freeShipping.value'), caption: t('freeShipping.caption') };
    default:
      return { value: t('free') };
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** English dates keep the British form they always had ('10 Sept 2025'; en-AE would write 'Sep'). */
const dateLocaleOf = (language: string) =>
  language === DEFAULT_LANGUAGE ? 'en-GB' : intlLocaleOf(languageOf(language));

/** A date as UAE students read it ('31 Dec 2025', '31 ديسمبر 2025'), or null when there is none. */
export function formatOfferDate(iso: string | null, language?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const locale = dateLocaleOf(languageOf(language));
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Dubai',
    });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

/** The name shown for the brand: the brand name, else the business name. */
export const brandOf = (offer: Pick<Offer, 'brandName' | 'businessName' | 'title'>) =>
  offer.brandName || offer.businessName || offer.title;

/** Up to two initials for the placeholder logo ('Desert Bloom' → 'DB'). */
export function brandInitials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return (
    words
      .slice(0, 2)
      .map((w) => w[0])
      .join('')
      .toUpperCase() || '?'
  );
}
