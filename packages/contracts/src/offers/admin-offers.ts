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
  offerMessages,
  offerTypes,
} from './fields.js';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .default(null)
    .transform((value) => value || null);

/** The fields of an offer as its forms take them (staff, and merchants through proposals, decision 016). */
export const staffOfferFields = z.object({
  title: z
    .string('Title must be at least 2 characters')
    .trim()
    .min(2, 'Title must be at least 2 characters')
    .max(120, 'Title must be at most 120 characters'),
  titleAr: arabicText(2, 120, 'Title (Arabic)'),
  brandName: z
    .string('Brand name must be at least 2 characters')
    .trim()
    .min(2, 'Brand name must be at least 2 characters')
    .max(80, 'Brand name must be at most 80 characters'),
  businessName: optionalText(120, 'Business name'),
  businessDescription: z
    .string('Business description must be at least 10 characters')
    .trim()
    .min(10, 'Business description must be at least 10 characters')
    .max(2000, 'Business description must be at most 2000 characters'),
  description: optionalText(2000, 'Description'),
  descriptionAr: arabicText(0, 2000, 'Description (Arabic)'),
  businessCategory: z.enum(offerCategories, offerMessages.category),
  offerType: z.enum(offerTypes, 'Please select an offer type').default('discount'),
  discountType: z.enum(discountTypes, offerMessages.requiredForType).nullable().default(null),
  discountValue: z
    .number('Please enter a discount value')
    .positive('The discount value must be more than 0')
    .max(100_000, 'The discount value is too large')
    .nullable()
    .default(null),
  code: discountCode.nullable().default(null),
  referralLink: httpUrl('Please enter a valid referral link').nullable().default(null),
  websiteLink: z
    .union([z.literal(''), httpUrl(offerMessages.websiteLink)], offerMessages.websiteLink)
    .nullable()
    .default(null)
    .transform((value) => value || null),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Please enter a valid expiry date' })
    .nullable()
    .default(null)
    .transform((value) => (value ? new Date(value) : null)),
  discountRedemptionGuide: guideSteps,
  discountRedemptionGuideAr: arabicGuideSteps,
  termsAndConditions: z
    .string(offerMessages.terms)
    .trim()
    .min(10, offerMessages.terms)
    .max(5000, 'Terms and conditions must be at most 5000 characters'),
  termsAndConditionsAr: arabicText(10, 5000, 'Terms and conditions (Arabic)'),
  generalInfo: optionalText(2000, 'General info'),
  maxRedemptionsPerStudent: z
    .number('Give a whole number from 1 to 100')
    .int('Give a whole number from 1 to 100')
    .min(1, 'Give a whole number from 1 to 100')
    .max(100, 'Give a whole number from 1 to 100')
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
