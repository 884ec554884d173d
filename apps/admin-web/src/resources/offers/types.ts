import type { AdminOfferAnswer, DiscountType, OfferType, OfferStatus } from '@tullab/contracts';
import { offerCategoryLabels, type CardOffer as DrawnOffer } from '@tullab/ui';
import type { RaRecord } from 'react-admin';

/** SPEC §3 "Categories": filter values and labels, read by any category name an answer carries. */
export const categoryLabels: Record<string, string> = offerCategoryLabels;

export const offerTypeLabels: Record<OfferType, string> = { discount: 'Discount', referral: 'Referral' };
export const discountTypeLabels: Record<DiscountType, string> = {
  percentage: 'Percentage',
  fixed: 'Fixed amount (AED)',
  free_shipping: 'Free shipping',
};
export const offerStatusLabels: Record<OfferStatus, string> = {
  draft: 'Draft',
  live: 'Live',
  paused: 'Paused',
  expired: 'Expired',
  /** deleted by staff: kept with its redemptions, codes and statistics, but never listed or changed again */
  archived: 'Deleted',
};

export type { DiscountType, GuideStep, OfferType } from '@tullab/contracts';

/** The fields a card shows (SPEC §4 "Offer card display"), shared by offers and merchant applications. */
export interface CardOffer extends DrawnOffer {
  /** the Arabic title (issue 12); the card shown in Arabic falls back to `title` without one */
  titleAr?: string | null;
  descriptionAr?: string | null;
  businessCategory: string;
}

/** `T` with the fields `K` optional. */
export type WithOptional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * An offer as staff see it (`/api/admin/offers`): every SPEC §3 field, its status and its code pool. The console
 * reads the Arabic texts (issue 12) and the code reports (issue 13) as possibly absent, as answers before them were.
 */
export type OfferRecord = RaRecord &
  WithOptional<
    AdminOfferAnswer,
    | 'titleAr'
    | 'descriptionAr'
    | 'discountRedemptionGuideAr'
    | 'termsAndConditionsAr'
    | 'reportsOpen'
    | 'flagged'
  > & { id: string };
