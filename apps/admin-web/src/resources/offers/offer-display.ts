import type { CardOffer } from './types';

/** SPEC §9: the currency of fixed discounts. */
export const CURRENCY = 'AED';

/** The big label of an offer card: a value, then a suffix or a caption under it. */
export interface DiscountLabel {
  value: string;
  suffix?: 'OFF';
  caption?: 'SHIPPING';
}

const amount = (value: number | string | null) =>
  Number(value ?? 0).toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * SPEC §4 "Offer card display", as the student app draws it: referral 'Offer'; percentage value + '%', 'OFF';
 * fixed 'AED' + value, 'OFF'; otherwise 'FREE', with 'SHIPPING' under it for free_shipping.
 */
export function discountLabel(
  offer: Pick<CardOffer, 'offerType' | 'discountType' | 'discountValue'>,
): DiscountLabel {
  if (offer.offerType === 'referral') return { value: 'Offer' };
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

/** The label as one line of text ('20% OFF', 'FREE SHIPPING'). */
export const discountText = (offer: Pick<CardOffer, 'offerType' | 'discountType' | 'discountValue'>) => {
  const label = discountLabel(offer);
  return [label.value, label.suffix, label.caption].filter(Boolean).join(' ');
};

const cardDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Dubai',
});

/** '31 Dec 2025', as the student app shows 'Valid until'; null when there is no date. */
export function formatOfferDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : cardDate.format(date);
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
