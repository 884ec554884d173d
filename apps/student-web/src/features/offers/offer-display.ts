import { isReferral, type Offer } from './offer';

/** SPEC §9: the currency of fixed discounts. */
export const CURRENCY = 'AED';

/** The big label of an offer card (SPEC §4 "Offer card display"): a value, then a suffix or a caption under it. */
interface DiscountLabel {
  value: string;
  suffix?: 'OFF';
  caption?: 'SHIPPING';
}

const amount = (value: number | null) =>
  (value ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2, useGrouping: true });

/**
 * Referral: 'Offer'. Percentage: value + '%', 'OFF'. Fixed: 'AED' + value, 'OFF'. Otherwise 'FREE', with
 * 'SHIPPING' under it for free_shipping.
 */
export function discountLabel(
  offer: Pick<Offer, 'offerType' | 'discountType' | 'discountValue'>,
): DiscountLabel {
  if (isReferral(offer)) return { value: 'Offer' };
  switch (offer.discountType) {
    case 'percentage':
      return { value: `${amount(offer.discountValue)}%`, suffix: 'OFF' };
    case 'fixed':
      return { value: `${CURRENCY} ${amount(offer.discountValue)}`, suffix: 'OFF' };
    case 'free_shipping':
      return { value: 'FREE', caption: 'SHIPPING' };
    default:
      return { value: 'FREE' };
  }
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Dubai',
});

/** A date as UAE students read it ('31 Dec 2025'), or null when there is none. */
export function formatOfferDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
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
