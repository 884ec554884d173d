import type { RaRecord } from 'react-admin';
import type { CardOffer, DiscountType, GuideStep, OfferType } from '../offers/types';

/** A brand's application from /for-merchants (`/api/admin/merchant-applications`), SPEC §3 fields. */
export interface ApplicationRecord extends RaRecord {
  id: string;
  brandName: string;
  brandCategory: string;
  businessDescription: string;
  generalInfo: string | null;
  offerType: OfferType;
  discountCode: string | null;
  discountType: DiscountType | null;
  discountValue: number | null;
  referralLink: string | null;
  expiryDate: string | null;
  websiteLink: string | null;
  discountRedemptionGuide: GuideStep[];
  termsAndConditions: string;
  contactEmail: string;
  contactName: string;
  contactPhone: string | null;
  /** the staff-only logo route */
  logoUrl: string;
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

export const applicationStatusLabels: Record<ApplicationRecord['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The usual reasons to decline; the applicant reads the one chosen in their e-mail. */
export const rejectReasons = [
  'The offer is not a good fit for students in the UAE.',
  'The application is incomplete or unclear.',
  'We could not verify the business.',
  'The code or the terms must mention Tullab or TLB.',
  'The discount is not exclusive to students.',
] as const;

/** The offer title the offers service gives an approved application (its `offerTitle`). */
function offerTitle(application: ApplicationRecord): string {
  if (application.offerType === 'referral') return 'Exclusive student access';
  switch (application.discountType) {
    case 'percentage':
      return `${application.discountValue}% off for students`;
    case 'fixed':
      return `AED ${application.discountValue} off for students`;
    default:
      return 'Free shipping for students';
  }
}

/** The application as the card of the offer its approval would create. */
export const applicationAsOffer = (application: ApplicationRecord): CardOffer => ({
  title: offerTitle(application),
  brandName: application.brandName,
  businessName: application.brandName,
  logoUrl: application.logoUrl,
  businessCategory: application.brandCategory,
  businessDescription: application.businessDescription,
  description: application.businessDescription,
  offerType: application.offerType,
  discountType: application.discountType,
  discountValue: application.discountValue,
  expiresAt: application.expiryDate,
});
