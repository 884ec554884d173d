import type { RaRecord } from 'react-admin';
import { approvedOfferTitles, type MerchantApplicationAnswer } from '@tullab/contracts';
import type { CardOffer, WithOptional } from '../offers/types';

/** A brand's application from /for-merchants (`/api/admin/merchant-applications`), SPEC §3 fields. */
export type ApplicationRecord = RaRecord &
  WithOptional<
    MerchantApplicationAnswer,
    'businessDescriptionAr' | 'discountRedemptionGuideAr' | 'termsAndConditionsAr' | 'language'
  > & { id: string };

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

export const applicationLanguageLabels: Record<'en' | 'ar', string> = { en: 'English', ar: 'Arabic' };

/** The application as the card of the offer its approval would create, in English and Arabic. */
export const applicationAsOffer = (application: ApplicationRecord): CardOffer => ({
  ...approvedOfferTitles(application),
  descriptionAr: application.businessDescriptionAr ?? null,
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
