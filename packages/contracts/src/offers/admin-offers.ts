import { z } from 'zod';
import {
  arabicGuideSteps,
  arabicText,
  checkOfferTerms,
  discountCode,
  discountTypes,
  guideSteps,
  httpUrl,
  normaliseTerms,
  offerCategories,
  offerTypes,
  optionalText,
  requiredText,
} from './fields.js';
import { offerLimits, offerMessages } from './rule-texts.js';

/** The fields of an offer as its forms take them (staff, and merchants through proposals, decision 016). */
export const staffOfferFields = z.object({
  title: requiredText('title'),
  titleAr: arabicText('titleAr'),
  brandName: requiredText('brandName'),
  businessName: optionalText('businessName'),
  businessDescription: requiredText('businessDescription'),
  description: optionalText('description'),
  descriptionAr: arabicText('descriptionAr'),
  businessCategory: z.enum(offerCategories, offerMessages.category),
  offerType: z.enum(offerTypes, offerMessages.offerType).default('discount'),
  discountType: z.enum(discountTypes, offerMessages.requiredForType).nullable().default(null),
  discountValue: z
    .number(offerMessages.discountValueMissing)
    .positive(offerMessages.discountValue)
    .max(offerLimits.discountValue, offerMessages.tooLarge)
    .nullable()
    .default(null),
  code: discountCode.nullable().default(null),
  referralLink: httpUrl(offerMessages.referralLink).nullable().default(null),
  websiteLink: z
    .union([z.literal(''), httpUrl(offerMessages.websiteLink)], offerMessages.websiteLink)
    .nullable()
    .default(null)
    .transform((value) => value || null),
  expiresAt: z.iso
    .datetime({ offset: true, error: offerMessages.expiryInvalid })
    .nullable()
    .default(null)
    .transform((value) => (value ? new Date(value) : null)),
  discountRedemptionGuide: guideSteps,
  discountRedemptionGuideAr: arabicGuideSteps,
  termsAndConditions: requiredText('termsAndConditions'),
  termsAndConditionsAr: arabicText('termsAndConditionsAr'),
  generalInfo: optionalText('generalInfo'),
  maxRedemptionsPerStudent: z
    .number(offerMessages.redemptionsPerStudent)
    .int(offerMessages.redemptionsPerStudent)
    .min(offerLimits.redemptionsPerStudent.min, offerMessages.redemptionsPerStudent)
    .max(offerLimits.redemptionsPerStudent.max, offerMessages.redemptionsPerStudent)
    .default(1),
});

/** POST /admin/offers: the staff form; `status` is draft (default) or live, the counters are the service's. */
export const createOfferBody = staffOfferFields
  .extend({ status: z.enum(['draft', 'live'], 'Status must be draft or live').default('draft') })
  .superRefine(checkOfferTerms)
  .transform(normaliseTerms);
export type CreateOfferBody = z.infer<typeof createOfferBody>;
/** What the staff form sends to POST /admin/offers (before defaults and normalising). */
export type CreateOfferInput = z.input<typeof createOfferBody>;

/** PUT /admin/offers/:id replaces the editable fields; status moves only through pause and resume. */
export const updateOfferBody = staffOfferFields.superRefine(checkOfferTerms).transform(normaliseTerms);
export type UpdateOfferBody = z.infer<typeof updateOfferBody>;

/** The fields staff set through the form (PUT replaces them all): what an offer's audit row compares. */
export const editableOfferFields = staffOfferFields.keyof().options;
