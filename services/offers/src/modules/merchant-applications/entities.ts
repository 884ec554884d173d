import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { languages } from '@tullab/http';
import { discountTypes, offerCategories, offerTypes, type GuideStep } from '@tullab/contracts';

const applicationStatuses = ['pending', 'approved', 'rejected'] as const;

/** A brand's request to list an offer (/for-merchants, SPEC §3 "Merchant application"), reviewed once by staff. */
export const MerchantApplicationSchema = defineEntity({
  name: 'MerchantApplication',
  tableName: 'merchant_application',
  properties: {
    id: p.uuid().primary(),
    brandName: p.string(),
    brandCategory: p.enum([...offerCategories]),
    businessDescription: p.text(),
    /** the Arabic texts (issue 12), each null when the applicant gave none; an approval carries them into the offer */
    businessDescriptionAr: p.text().nullable(),
    generalInfo: p.text().nullable(),
    offerType: p.enum([...offerTypes]),
    discountCode: p.string().nullable(),
    discountType: p.enum([...discountTypes]).nullable(),
    discountValue: p.decimal('number').nullable(),
    referralLink: p.string().nullable(),
    /** null when the offer does not expire (`hasExpiry` false) */
    expiryDate: p.datetime().nullable(),
    websiteLink: p.string().nullable(),
    discountRedemptionGuide: p.json<GuideStep[]>(),
    discountRedemptionGuideAr: p.json<GuideStep[]>().nullable(),
    termsAndConditions: p.text(),
    termsAndConditionsAr: p.text().nullable(),
    contactEmail: p.string(),
    contactName: p.string(),
    contactPhone: p.string().nullable(),
    /** the language the applicant's browser asked for when applying: their e-mails are written in it */
    language: p.enum([...languages]),
    logoKey: p.string(),
    logoContentType: p.string(),
    /** false when an earlier application had already been confirmed to the same address within a day */
    confirmationEmailed: p.boolean(),
    status: p.enum([...applicationStatuses]),
    /** why staff rejected it (sent to the applicant) */
    reason: p.text().nullable(),
    /** the offer an approval created */
    offerId: p.uuid().nullable(),
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type MerchantApplication = InferEntity<typeof MerchantApplicationSchema>;
