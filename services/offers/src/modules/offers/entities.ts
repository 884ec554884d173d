import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { discountTypes, offerCategories, offerStatuses, offerTypes, type GuideStep } from '@tullab/contracts';

/**
 * The offer's Arabic texts (issue 12), each optional: null when the offer has none, and a student reading Arabic then
 * sees the English one.
 */
export const arabicOfferFields = [
  'titleAr',
  'descriptionAr',
  'discountRedemptionGuideAr',
  'termsAndConditionsAr',
] as const;
export type ArabicOfferField = (typeof arabicOfferFields)[number];

/** An offer of a partner brand: the SPEC §3 fields plus status, logo and the redemption settings. */
export const OfferSchema = defineEntity({
  name: 'Offer',
  tableName: 'offer',
  properties: {
    id: p.uuid().primary(),
    title: p.string(),
    /** the Arabic title (issue 12); null when none */
    titleAr: p.string().nullable(),
    brandName: p.string(),
    businessName: p.string(),
    businessDescription: p.text(),
    description: p.text(),
    descriptionAr: p.text().nullable(),
    businessCategory: p.enum([...offerCategories]),
    offerType: p.enum([...offerTypes]),
    discountType: p.enum([...discountTypes]).nullable(),
    discountValue: p.decimal('number').nullable(),
    /** the offer's own code, given to every student when the offer has no code pool; never in a public answer */
    code: p.string().nullable(),
    /**
     * the code Tullab made for the offer when it was made (decision 012): what every student gets when the offer has
     * neither a code of its own nor a pool. It never changes; staff see it and send it to the merchant. Never in a
     * public answer.
     */
    generatedCode: p.string(),
    /** never in a public answer (ARCHITECTURE "Trust boundaries") */
    referralLink: p.string().nullable(),
    websiteLink: p.string().nullable(),
    expiresAt: p.datetime().nullable(),
    discountRedemptionGuide: p.json<GuideStep[]>(),
    /** the guide in Arabic, step for step like the English one; null when none */
    discountRedemptionGuideAr: p.json<GuideStep[]>().nullable(),
    termsAndConditions: p.text(),
    termsAndConditionsAr: p.text().nullable(),
    generalInfo: p.text().nullable(),
    status: p.enum([...offerStatuses]),
    /**
     * how many codes of the pool one student may take (1: redeeming again returns the same code); an offer of one
     * code for everyone, or a referral link, gives each student one redemption whatever it says (decision 012)
     */
    maxRedemptionsPerStudent: p.integer(),
    /** distinct students who redeemed, copied the code or clicked through; kept by the offers worker */
    currentUses: p.integer(),
    /** the logo's object key in LOGO_BUCKET; `logoVersion` changes with it, so its URL can be cached for ever */
    logoKey: p.string().nullable(),
    logoContentType: p.string().nullable(),
    logoVersion: p.integer(),
    /** staff were told the code pool runs low / ran out (once each, until codes are added) */
    lowPoolAlertedAt: p.datetime().nullable(),
    poolExhaustedAlertedAt: p.datetime().nullable(),
    /** the merchant application this offer was created from */
    merchantApplicationId: p.uuid().nullable(),
    /** the brand whose merchants see and manage the offer (decision 016); null for offers staff made alone */
    brandId: p.uuid().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Offer = InferEntity<typeof OfferSchema>;
