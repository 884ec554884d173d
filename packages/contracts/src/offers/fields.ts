import { z } from 'zod';

/** SPEC §3 "Categories": the filter values, exactly ('Retail' is capitalised; 'all' is the absence of a filter). */
export const offerCategories = [
  'subscriptions',
  'Retail',
  'electronics',
  'fashion',
  'beauty',
  'entertainment',
  'services',
  'other',
] as const;
export type OfferCategory = (typeof offerCategories)[number];

export const offerTypes = ['discount', 'referral'] as const;
export type OfferType = (typeof offerTypes)[number];
export const discountTypes = ['percentage', 'fixed', 'free_shipping'] as const;
export type DiscountType = (typeof discountTypes)[number];

/**
 * draft: being prepared; live: in the catalogue; paused: taken out by staff; expired: past `expiresAt`; archived:
 * deleted by staff, kept with its redemptions, codes and statistics but never listed or changed again.
 */
export const offerStatuses = ['draft', 'live', 'paused', 'expired', 'archived'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** One step of an offer's redemption guide (`discountRedemptionGuide`, SPEC §3 "Offer"), numbered from 1. */
export interface GuideStep {
  step: number;
  instruction: string;
}

/** SPEC §5 "Merchant application" texts, shared by the application form and the staff offer form. */
export const offerMessages = {
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
    .string(offerMessages.required)
    .trim()
    .min(1, 'Each redemption step needs an instruction')
    .max(500, 'A redemption step is at most 500 characters'),
});

/** The redemption guide: numbered by position whatever the client sent (SPEC: steps start at 1). */
export const guideSteps = z
  .array(guideStep, offerMessages.guideRequired)
  .min(1, offerMessages.guideRequired)
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
  offerType: OfferType;
  discountType: DiscountType | null;
  discountValue: number | null;
  referralLink: string | null;
}

export function checkOfferTerms(terms: OfferTerms, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (terms.offerType === 'referral') {
    if (!terms.referralLink) issue('referralLink', offerMessages.requiredForType);
    return;
  }
  if (!terms.discountType) issue('discountType', offerMessages.requiredForType);
  else if (terms.discountType !== 'free_shipping' && terms.discountValue === null)
    issue('discountValue', offerMessages.required);
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
