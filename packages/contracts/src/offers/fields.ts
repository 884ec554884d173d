import { z } from 'zod';
import { lengthRules, offerLimits, offerMessages, offerTextLengths, type NamedText } from './rule-texts.js';

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

/** A discount code's characters: printable ASCII, no spaces. */
export const CODE_PATTERN = /^[\x21-\x7e]+$/;

/** A required text, trimmed, with its length rules; a missing text or one not text is too short. */
export function requiredText(name: NamedText) {
  const { lengths, tooShort, tooLong } = lengthRules(name);
  return z.string(tooShort).trim().min(lengths.min, tooShort).max(lengths.max, tooLong);
}

/** An optional text with its longest: absent, null or blank is none (null). */
export function optionalText(name: NamedText) {
  const { lengths, tooLong, notText } = lengthRules(name);
  return z
    .string(notText)
    .trim()
    .max(lengths.max, tooLong)
    .nullable()
    .default(null)
    .transform((value) => value || null);
}

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
 * An optional Arabic text (issue 12) with the rules of its English one: its lengths once given; absent, null or blank
 * is none (null).
 */
export function arabicText(name: NamedText) {
  const { lengths, tooShort, tooLong, notText } = lengthRules(name);
  return z
    .string(notText)
    .trim()
    .max(lengths.max, tooLong)
    .refine((value) => value === '' || value.length >= lengths.min, tooShort)
    .nullable()
    .default(null)
    .transform((value) => value || null);
}

/** The redemption guide in Arabic: the English guide's rules, but optional; absent, null or no steps is none (null). */
export const arabicGuideSteps = z
  .array(guideStep, offerMessages.guideNotList)
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
