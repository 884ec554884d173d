import type { OfferCategory } from '@tullab/contracts';

/** SPEC §9: the currency of fixed discounts. */
export const CURRENCY = 'AED';

/** The fields an offer card shows (SPEC §4 "Offer card display"), as loosely as the two apps hold them. */
export interface CardOffer {
  title: string;
  brandName: string;
  businessName?: string | null;
  logoUrl: string | null;
  businessDescription?: string | null;
  description?: string | null;
  offerType: string | null;
  discountType: string | null;
  discountValue: number | string | null;
  expiresAt: string | null;
}

/**
 * The big label of an offer card (SPEC §4 "Offer card display"): a value, then a suffix or a caption under it
 * ('20% OFF', 'AED 50 OFF', 'FREE SHIPPING'; in Arabic '20% خصم', '50 درهم خصم', 'شحن مجاني').
 */
export interface DiscountLabel {
  value: string;
  suffix?: string;
  caption?: string;
}

/** The label's words in one language; `amount` is the discount value already written in that language. */
export interface BadgeWords {
  referral: string;
  percentage: (amount: string) => string;
  fixed: (amount: string) => string;
  off: string;
  freeShippingValue: string;
  freeShippingCaption: string;
  free: string;
}

/** The label in English, as the staff console shows it. */
export const englishBadgeWords: BadgeWords = {
  referral: 'Offer',
  percentage: (amount) => `${amount}%`,
  fixed: (amount) => `${CURRENCY} ${amount}`,
  off: 'OFF',
  freeShippingValue: 'FREE',
  freeShippingCaption: 'SHIPPING',
  free: 'FREE',
};

/** An amount as written in `locale`, decimals kept, with thousands separators ('1,250.5'). */
const amountIn = (value: number | string | null, locale: string) =>
  Number(value ?? 0).toLocaleString(locale, { maximumFractionDigits: 2, useGrouping: true });

/**
 * Referral: 'Offer'. Percentage: value + '%', 'OFF'. Fixed: 'AED' + value, 'OFF'. Otherwise 'FREE', with
 * 'SHIPPING' under it for free_shipping; in the words and number locale given.
 */
export function discountLabel(
  offer: Pick<CardOffer, 'offerType' | 'discountType' | 'discountValue'>,
  words: BadgeWords = englishBadgeWords,
  locale = 'en-US',
): DiscountLabel {
  if (offer.offerType === 'referral') return { value: words.referral };
  switch (offer.discountType) {
    case 'percentage':
      return { value: words.percentage(amountIn(offer.discountValue, locale)), suffix: words.off };
    case 'fixed':
      return { value: words.fixed(amountIn(offer.discountValue, locale)), suffix: words.off };
    case 'free_shipping':
      return { value: words.freeShippingValue, caption: words.freeShippingCaption };
    default:
      return { value: words.free };
  }
}

/** The label as one line of text ('20% OFF', 'FREE SHIPPING'). */
export const discountText = (label: DiscountLabel) =>
  [label.value, label.suffix, label.caption].filter(Boolean).join(' ');

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as UAE students read it in `locale` ('31 Dec 2025' in en-GB), or null when there is none. */
export function formatOfferDate(iso: string | null | undefined, locale = 'en-GB'): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
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

/** The name shown for the brand: the brand name, else the business name, else the title. */
export const brandOf = (offer: Pick<CardOffer, 'brandName' | 'businessName' | 'title'>) =>
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

/** SPEC §3 "Categories" in English, in the order the filters list them ('Retail' is capitalised: it is matched as is). */
export const offerCategoryLabels: Record<OfferCategory, string> = {
  subscriptions: 'Subscriptions',
  Retail: 'Retail',
  electronics: 'Electronics',
  fashion: 'Fashion',
  beauty: 'Beauty',
  entertainment: 'Entertainment',
  services: 'Services',
  other: 'Other',
};
