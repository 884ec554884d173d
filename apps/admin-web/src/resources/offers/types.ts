import type { RaRecord } from 'react-admin';

/** SPEC §3 "Categories": filter values and labels ('Retail' is capitalised). */
export const categoryLabels: Record<string, string> = {
  subscriptions: 'Subscriptions',
  Retail: 'Retail',
  electronics: 'Electronics',
  fashion: 'Fashion',
  beauty: 'Beauty',
  entertainment: 'Entertainment',
  services: 'Services',
  other: 'Other',
};

export const offerTypeLabels = { discount: 'Discount', referral: 'Referral' } as const;
export const discountTypeLabels = {
  percentage: 'Percentage',
  fixed: 'Fixed amount (AED)',
  free_shipping: 'Free shipping',
} as const;
export const offerStatusLabels = {
  draft: 'Draft',
  live: 'Live',
  paused: 'Paused',
  expired: 'Expired',
  /** deleted by staff: kept with its redemptions, codes and statistics, but never listed or changed again */
  archived: 'Deleted',
} as const;

export type OfferType = keyof typeof offerTypeLabels;
export type DiscountType = keyof typeof discountTypeLabels;

export interface GuideStep {
  step: number;
  instruction: string;
}

/** The fields a card shows (SPEC §4 "Offer card display"), shared by offers and merchant applications. */
export interface CardOffer {
  title: string;
  /** the Arabic title (issue 12); the card shown in Arabic falls back to `title` without one */
  titleAr?: string | null;
  brandName: string;
  businessName?: string | null;
  logoUrl: string | null;
  businessCategory: string;
  businessDescription?: string | null;
  description?: string | null;
  descriptionAr?: string | null;
  offerType: OfferType;
  discountType: DiscountType | null;
  discountValue: number | string | null;
  expiresAt: string | null;
}

/** An offer as staff see it (`/api/admin/offers`): every SPEC §3 field, its status and its code pool. */
export interface OfferRecord extends RaRecord, CardOffer {
  id: string;
  businessName: string;
  businessDescription: string;
  description: string;
  websiteLink: string | null;
  createdAt: string;
  updatedAt: string;
  currentUses: number;
  discountRedemptionGuide: GuideStep[];
  termsAndConditions: string;
  /** the Arabic guide and terms (issue 12), each null when the offer has none, like the title's and description's */
  discountRedemptionGuideAr?: GuideStep[] | null;
  termsAndConditionsAr?: string | null;
  generalInfo: string | null;
  status: keyof typeof offerStatusLabels;
  code: string | null;
  /** the code Tullab made for the offer (decision 012): what students get without its own code or a pool */
  generatedCode: string;
  referralLink: string | null;
  maxRedemptionsPerStudent: number;
  codesTotal: number;
  codesLeft: number;
  lowPool: boolean;
  /** open "this code didn't work" reports, and whether they flag the offer (3 or more, decision 015) */
  reportsOpen?: number;
  flagged?: boolean;
  merchantApplicationId: string | null;
}
