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

/**
 * The lengths of an offer's texts (an Arabic text has its English one's once given), as the offers service, the
 * staff console's form and the brands' forms check them: declared once here (issue 29).
 */
export const offerTextLengths = {
  title: { min: 2, max: 120 },
  brandName: { min: 2, max: 80 },
  businessName: { min: 0, max: 120 },
  businessDescription: { min: 10, max: 2000 },
  description: { min: 0, max: 2000 },
  generalInfo: { min: 0, max: 2000 },
  termsAndConditions: { min: 10, max: 5000 },
  guideStep: { min: 1, max: 500 },
} as const;

/** An offer's other limits, checked by the same parties. */
export const offerLimits = {
  guideSteps: 20,
  discountValue: 100_000,
  percentage: 100,
  codeLength: 64,
  redemptionsPerStudent: { min: 1, max: 100 },
} as const;

/** A discount code's characters: printable ASCII, no spaces. */
export const CODE_PATTERN = /^[\x21-\x7e]+$/;

/**
 * SPEC §5 "Merchant application" texts and the offers service's own for the rules SPEC leaves unworded: what the
 * service answers and the staff console's form says before sending (the brands' forms show their catalogues' texts).
 */
export const offerMessages = {
  category: 'Please select a category',
  websiteLink: 'Please enter a valid website URL',
  guideRequired: 'At least one redemption step is required',
  terms: 'Please provide terms and conditions',
  required: 'Please fill in all required fields',
  requiredForType: 'Please fill in all required fields for your selected offer type',
  email: 'Please enter a valid email address',
  title: tooShortMessage('Title', offerTextLengths.title.min),
  brandName: tooShortMessage('Brand name', offerTextLengths.brandName.min),
  businessDescription: tooShortMessage('Business description', offerTextLengths.businessDescription.min),
  offerType: 'Please select an offer type',
  discountValue: 'The discount value must be more than 0',
  percentage: `A percentage discount is at most ${offerLimits.percentage}`,
  tooLarge: 'The discount value is too large',
  code: 'Codes use letters, digits and symbols, without spaces',
  codeRequired: 'Please enter a code',
  codeTooLong: `Codes are at most ${offerLimits.codeLength} characters`,
  referralLink: 'Please enter a valid referral link',
  guideTooLong: `At most ${offerLimits.guideSteps} redemption steps`,
  step: 'Each redemption step needs an instruction',
  stepTooLong: `A redemption step is at most ${offerTextLengths.guideStep.max} characters`,
  redemptionsPerStudent: `Give a whole number from ${offerLimits.redemptionsPerStudent.min} to ${offerLimits.redemptionsPerStudent.max}`,
} as const;

/** `Title must be at most 120 characters`: a text past its longest, named by its label. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** `Title must be at least 2 characters`: a text short of its shortest, named by its label. */
export function tooShortMessage(label: string, min: number): string {
  return `${label} must be at least ${min} characters`;
}

/** A text's shortest and longest (`offerTextLengths`). */
export interface TextLengths {
  min: number;
  max: number;
}

/** A required text of `lengths`, trimmed; `tooShort` is also the message when it is missing or not text. */
export const requiredText = ({ min, max }: TextLengths, tooShort: string, label: string) =>
  z.string(tooShort).trim().min(min, tooShort).max(max, tooLongMessage(label, max));

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
  .min(1, offerMessages.codeRequired)
  .max(offerLimits.codeLength, offerMessages.codeTooLong)
  .regex(CODE_PATTERN, offerMessages.code);

const guideStep = z.object({
  instruction: z
    .string(offerMessages.required)
    .trim()
    .min(offerTextLengths.guideStep.min, offerMessages.step)
    .max(offerTextLengths.guideStep.max, offerMessages.stepTooLong),
});

/** The redemption guide: numbered by position whatever the client sent (SPEC: steps start at 1). */
export const guideSteps = z
  .array(guideStep, offerMessages.guideRequired)
  .min(1, offerMessages.guideRequired)
  .max(offerLimits.guideSteps, offerMessages.guideTooLong)
  .transform((steps): GuideStep[] =>
    steps.map(({ instruction }, index) => ({ step: index + 1, instruction })),
  );

/**
 * An optional Arabic text (issue 12) with the rules of its English one: `min`..`max` characters once given; absent,
 * null or blank is none (null). `label` names it in messages ('Title (Arabic)').
 */
export const arabicText = ({ min, max }: TextLengths, label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine((value) => value === '' || value.length >= min, tooShortMessage(label, min))
    .nullable()
    .default(null)
    .transform((value) => value || null);

/** The redemption guide in Arabic: the English guide's rules, but optional; absent, null or no steps is none (null). */
export const arabicGuideSteps = z
  .array(guideStep, 'The Arabic redemption guide must be a list of steps')
  .max(offerLimits.guideSteps, offerMessages.guideTooLong)
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
  else if (
    terms.discountType === 'percentage' &&
    terms.discountValue !== null &&
    terms.discountValue > offerLimits.percentage
  )
    issue('discountValue', offerMessages.percentage);
}

/** Keeps only the fields that mean something for the offer's type (a referral has no discount, …). */
type Normalised<T> = Omit<T, keyof OfferTerms> & OfferTerms;

export function normaliseTerms<T extends OfferTerms>(terms: T): Normalised<T> {
  if (terms.offerType === 'referral') return { ...terms, discountType: null, discountValue: null };
  const discountValue = terms.discountType === 'free_shipping' ? null : terms.discountValue;
  return { ...terms, referralLink: null, discountValue };
}
