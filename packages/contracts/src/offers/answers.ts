import type { DiscountType, GuideStep, OfferCategory, OfferStatus, OfferType } from './fields.js';

/**
 * An offer as the catalogue lists it (`GET /api/offers`, decision 007): what its card, the search and the sorts use,
 * with the Arabic title and description (issue 12; null when none). Never its code, code pool or referral link (S32).
 * Times are ISO strings, as JSON carries them.
 */
export interface CatalogueOffer {
  id: string;
  title: string;
  titleAr: string | null;
  brandName: string;
  businessName: string | null;
  logoUrl: string | null;
  businessDescription: string;
  description: string | null;
  descriptionAr: string | null;
  businessCategory: OfferCategory;
  offerType: OfferType;
  discountType: DiscountType | null;
  discountValue: number | null;
  expiresAt: string | null;
  createdAt: string;
  currentUses: number;
}

/** `GET /api/offers/:id`: the catalogue's fields and the texts of its modal, each Arabic one beside its English one. */
export interface PublicOfferAnswer extends CatalogueOffer {
  websiteLink: string | null;
  discountRedemptionGuide: GuideStep[];
  discountRedemptionGuideAr: GuideStep[] | null;
  termsAndConditions: string;
  termsAndConditionsAr: string | null;
  generalInfo: string | null;
}

/** `GET /api/admin/offers(/:id)`: everything, with the code pool's state and the open code reports. */
export interface AdminOfferAnswer extends PublicOfferAnswer {
  status: OfferStatus;
  code: string | null;
  /** the code Tullab made for the offer (decision 012): what students get without its own code or a pool */
  generatedCode: string;
  referralLink: string | null;
  maxRedemptionsPerStudent: number;
  codesTotal: number;
  codesLeft: number;
  lowPool: boolean;
  /** open "this code didn't work" reports, and whether they flag the offer (3 or more, decision 015) */
  reportsOpen: number;
  flagged: boolean;
  merchantApplicationId: string | null;
  updatedAt: string;
}

/** `GET /api/admin/merchant-applications(/:id)`: a brand's application from /for-merchants (SPEC §3 fields). */
export interface MerchantApplicationAnswer {
  id: string;
  brandName: string;
  brandCategory: OfferCategory;
  businessDescription: string;
  /** the Arabic texts (issue 12), each null when the applicant gave none; an approval carries them into the offer */
  businessDescriptionAr: string | null;
  generalInfo: string | null;
  offerType: OfferType;
  discountCode: string | null;
  discountType: DiscountType | null;
  discountValue: number | null;
  referralLink: string | null;
  expiryDate: string | null;
  websiteLink: string | null;
  discountRedemptionGuide: GuideStep[];
  discountRedemptionGuideAr: GuideStep[] | null;
  termsAndConditions: string;
  termsAndConditionsAr: string | null;
  contactEmail: string;
  contactName: string;
  contactPhone: string | null;
  /** the staff-only logo route */
  logoUrl: string;
  /** the language the applicant applied in; their e-mails are written in it */
  language: 'en' | 'ar';
  status: 'pending' | 'approved' | 'rejected';
  /** false when the address already had a confirmation that day (one a day: the form is no mail relay) */
  confirmationEmailed: boolean;
  reason: string | null;
  /** the offer its approval created */
  offerId: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** `POST /api/offers/:id/redeem`: the student's code, or a referral offer's link. */
export type RedeemAnswer = { code: string } | { referralLink: string };

/** `GET /api/students/me/saved` (decision 014): the ids of the saved offers listed now, newest first. */
export interface SavedOffersAnswer {
  offerIds: string[];
}

/** `POST /api/offers/:id/reports` (201): the report, open until staff answer it. */
export interface CodeReportReceipt {
  id: string;
  status: 'open' | 'answered';
  message: string;
}
