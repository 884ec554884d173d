import type { RaRecord } from 'react-admin';
import type { CardOffer, DiscountType, GuideStep, OfferType } from '../offers/types';

/** A brand's application from /for-merchants (`/api/admin/merchant-applications`), SPEC §3 fields. */
export interface ApplicationRecord extends RaRecord {
  id: string;
  brandName: string;
  brandCategory: string;
  businessDescription: string;
  /** the Arabic texts (issue 12), each null when the applicant gave none; an approval carries them into the offer */
  businessDescriptionAr?: string | null;
  generalInfo: string | null;
  offerType: OfferType;
  discountCode: string | null;
  discountType: DiscountType | null;
  discountValue: number | null;
  referralLink: string | null;
  expiryDate: string | null;
  websiteLink: string | null;
  discountRedemptionGuide: GuideStep[];
  discountRedemptionGuideAr?: GuideStep[] | null;
  termsAndConditions: string;
  termsAndConditionsAr?: string | null;
  contactEmail: string;
  contactName: string;
  contactPhone: string | null;
  /** the staff-only logo route */
  logoUrl: string;
  /** the language the applicant applied in; their e-mails are written in it */
  language?: 'en' | 'ar';
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

/** The Arabic of {@link offerTitle}, which the offers service gives an application with Arabic texts. */
function offerTitleAr(application: ApplicationRecord): string {
  if (application.offerType === 'referral') return 'وصول حصري للطلاب';
  switch (application.discountType) {
    case 'percentage':
      return `خصم ${application.discountValue}% للطلاب`;
    case 'fixed':
      return `خصم ${application.discountValue} درهم للطلاب`;
    default:
      return 'شحن مجاني للطلاب';
  }
}

const hasArabicTexts = (application: ApplicationRecord) =>
  !!(
    application.businessDescriptionAr ||
    application.discountRedemptionGuideAr?.length ||
    application.termsAndConditionsAr
  );

export const applicationLanguageLabels: Record<'en' | 'ar', string> = { en: 'English', ar: 'Arabic' };

/** The application as the card of the offer its approval would create, in English and Arabic. */
export const applicationAsOffer = (application: ApplicationRecord): CardOffer => ({
  title: offerTitle(application),
  titleAr: hasArabicTexts(application) ? offerTitleAr(application) : null,
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
