import { HttpError, type ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
import { discountTypes, offerCategories, offerTypes, type GuideStep } from './entities';

/** SPEC §5 "Merchant application" texts, shared by the application form and the staff offer form. */
export const messages = {
  category: 'Please select a category',
  websiteLink: 'Please enter a valid website URL',
  guideRequired: 'At least one redemption step is required',
  terms: 'Please provide terms and conditions',
  required: 'Please fill in all required fields',
  requiredForType: 'Please fill in all required fields for your selected offer type',
  email: 'Please enter a valid email address',
} as const;

/** An http(s) URL, as text (the link a student or staff member opens). */
export const httpUrl = (message: string) =>
  z
    .url({ protocol: /^https?$/, error: message })
    .trim()
    .max(2000, message);

/** A discount code: printable, no spaces, at most 64 characters. */
export const discountCode = z
  .string()
  .trim()
  .min(1, 'Please enter a code')
  .max(64, 'Codes are at most 64 characters')
  .regex(/^[\x21-\x7e]+$/, 'Codes use letters, digits and symbols, without spaces');

const guideStep = z.object({
  instruction: z
    .string(messages.required)
    .trim()
    .min(1, 'Each redemption step needs an instruction')
    .max(500, 'A redemption step is at most 500 characters'),
});

/** The redemption guide: numbered by position whatever the client sent (SPEC: steps start at 1). */
export const guideSteps = z
  .array(guideStep, messages.guideRequired)
  .min(1, messages.guideRequired)
  .max(20, 'At most 20 redemption steps')
  .transform((steps): GuideStep[] =>
    steps.map(({ instruction }, index) => ({ step: index + 1, instruction })),
  );

/**
 * An optional Arabic text (issue 12) with the rules of its English one: `min`..`max` characters once given; absent,
 * null or blank is none (null). `label` names it in messages ('Title (Arabic)').
 */
export const arabicText = (min: number, max: number, label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => value === '' || value.length >= min, `${label} must be at least ${min} characters`)
    .nullable()
    .default(null)
    .transform((value) => value || null);

/** The redemption guide in Arabic: the English guide's rules, but optional; absent, null or no steps is none (null). */
export const arabicGuideSteps = z
  .array(guideStep, 'The Arabic redemption guide must be a list of steps')
  .max(20, 'At most 20 redemption steps')
  .nullable()
  .default(null)
  .transform((steps): GuideStep[] | null =>
    steps?.length ? steps.map(({ instruction }, index) => ({ step: index + 1, instruction })) : null,
  );

/** The offer-type rules both forms share (SPEC §5): what a discount and a referral offer must have. */
export interface OfferTerms {
  offerType: (typeof offerTypes)[number];
  discountType: (typeof discountTypes)[number] | null;
  discountValue: number | null;
  referralLink: string | null;
}

export function checkOfferTerms(terms: OfferTerms, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (terms.offerType === 'referral') {
    if (!terms.referralLink) issue('referralLink', messages.requiredForType);
    return;
  }
  if (!terms.discountType) issue('discountType', messages.requiredForType);
  else if (terms.discountType !== 'free_shipping' && terms.discountValue === null)
    issue('discountValue', messages.required);
  else if (terms.discountType === 'percentage' && terms.discountValue !== null && terms.discountValue > 100)
    issue('discountValue', 'A percentage discount is at most 100');
}

/** Keeps only the fields that mean something for the offer's type (a referral has no discount, …). */
type Normalised<T> = Omit<T, keyof OfferTerms> & OfferTerms;

export function normaliseTerms<T extends OfferTerms>(terms: T): Normalised<T> {
  if (terms.offerType === 'referral') return { ...terms, discountType: null, discountValue: null };
  const discountValue = terms.discountType === 'free_shipping' ? null : terms.discountValue;
  return { ...terms, referralLink: null, discountValue };
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .default(null)
    .transform((value) => value || null);

const staffOfferFields = z.object({
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
  businessCategory: z.enum(offerCategories, messages.category),
  offerType: z.enum(offerTypes, 'Please select an offer type').default('discount'),
  discountType: z.enum(discountTypes, messages.requiredForType).nullable().default(null),
  discountValue: z
    .number('Please enter a discount value')
    .positive('The discount value must be more than 0')
    .max(100_000, 'The discount value is too large')
    .nullable()
    .default(null),
  code: discountCode.nullable().default(null),
  referralLink: httpUrl('Please enter a valid referral link').nullable().default(null),
  websiteLink: z
    .union([z.literal(''), httpUrl(messages.websiteLink)], messages.websiteLink)
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
    .string(messages.terms)
    .trim()
    .min(10, messages.terms)
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

/** PUT /admin/offers/:id replaces the editable fields; status moves only through pause and resume. */
export const updateOfferBody = staffOfferFields.superRefine(checkOfferTerms).transform(normaliseTerms);
export type UpdateOfferBody = z.infer<typeof updateOfferBody>;

/** The fields staff set through the form (PUT replaces them all): what an offer's audit row compares. */
export const editableOfferFields = staffOfferFields.keyof().options;

const idParams = z.object({ id: z.uuid() });

/** The `:id` of an offer route; anything but a UUID names no offer (404, like an unknown one). */
export function offerIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Offer not found');
  return parsed.data.id;
}

/** GET /admin/offers: `filter={"q":"…","status":["live"],"businessCategory":"fashion"}`. */
export const listOffersOptions: ListQueryOptions = {
  sortable: [
    'title',
    'brandName',
    'status',
    'businessCategory',
    'currentUses',
    'expiresAt',
    'createdAt',
    'updatedAt',
  ],
  filterable: { status: 'in', businessCategory: 'eq', offerType: 'eq' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['title', 'brandName', 'businessName'],
};
