import { CODE_PATTERN, LOGO_MAX_BYTES, offerLimits, offerTextLengths as lengths } from '@tullab/contracts';
import { z } from 'zod';
import { minText } from '../forms/rules';
import { messages } from './messages';

/**
 * The offer terms both merchant forms share — the merchant application (SPEC §5) and the merchant portal's offer
 * proposal (issue 16): their rules, the logo check and the pieces of their multipart bodies.
 */

/** The logo the offers service accepts (issue 4): PNG, JPEG or WebP, at most LOGO_MAX_BYTES (2 MB). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export interface RedemptionStepValue {
  id: number;
  step: number;
  instruction?: string;
}

let lastStepId = 0;
/** A new, empty redemption step; ids only tell the steps apart on screen. */
export const newStep = (step: number): RedemptionStepValue => ({ id: ++lastStepId, step, instruction: '' });

export const filled = (value: string | undefined) => (value ?? '').trim() !== '';
export const optionalText = z.string().trim().optional();
/** An optional text with a minimum length once given (the Arabic texts take their English field's minimum). */
export const optionalAtLeast = (min: number, message: string) =>
  optionalText.refine((value) => !value || value.length >= min, message);

/** Today as yyyy-mm-dd in the user's time zone, to compare with a date input's value. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A web address as typed, with `https://` added when the scheme is left out ('brand.ae' → 'https://brand.ae'). */
export function webAddress(text: string): string | null {
  const trimmed = text.trim();
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return ['http:', 'https:'].includes(url.protocol) && url.hostname.includes('.') ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * What is wrong with the picked logo, if anything (a plain check: `z.instanceof` would stop all other rules);
 * `missing` is the message for anything that is not a file.
 */
export function logoProblem(file: unknown, missing: string): string | null {
  if (!(file instanceof File)) return missing;
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return messages.logoType;
  if (file.size > LOGO_MAX_BYTES) return messages.logoSize;
  return null;
}

/** The fields both forms check the same way (spread into each form's `z.object`). */
export const offerTermsFields = {
  discountValue: optionalText,
  referralLink: optionalText,
  hasExpiry: z.boolean().optional(),
  expiryDate: optionalText,
  websiteLink: optionalText.refine((value) => !value || webAddress(value) !== null, messages.websiteLink),
  discountRedemptionGuide: z
    .array(
      z.object({ id: z.number(), step: z.number(), instruction: minText(1, messages.stepInstruction) }),
      {
        error: messages.steps,
      },
    )
    .min(1, messages.steps),
  // Blank Arabic steps are left out when sending: none is an error.
  discountRedemptionGuideAr: z
    .array(z.object({ id: z.number(), step: z.number(), instruction: optionalText }))
    .optional(),
  termsAndConditions: minText(lengths.termsAndConditions.min, messages.terms),
  termsAndConditionsAr: optionalAtLeast(lengths.termsAndConditions.min, messages.termsAr),
};

export interface OfferTermsValues {
  offerType?: string;
  discountType?: string;
  discountValue?: string;
  referralLink?: string;
  hasExpiry?: boolean;
  expiryDate?: string;
}

/**
 * The offer-type rules: the discount's code, type and value, or the referral link, and the expiry. `code` names the
 * form's code field (the application requires a code, a proposal may leave it out).
 */
export function offerTermsRule<K extends string>(code: { field: K; required: boolean }) {
  return (values: OfferTermsValues & Partial<Record<K, string>>, ctx: z.RefinementCtx) => {
    const problem = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (values.offerType === 'discount') {
      const codeValue = values[code.field];
      if (!filled(codeValue)) {
        if (code.required) problem(code.field, messages.offerTypeFields);
      } else if (!CODE_PATTERN.test(codeValue?.trim() ?? '')) problem(code.field, messages.discountCode);
      if (!values.discountType) problem('discountType', messages.offerTypeFields);
      if (values.discountType !== 'free_shipping') {
        const amount = Number(values.discountValue);
        if (!filled(values.discountValue)) problem('discountValue', messages.requiredFields);
        else if (!(amount > 0)) problem('discountValue', messages.discountValue);
        else if (values.discountType === 'percentage' && amount > offerLimits.percentage)
          problem('discountValue', messages.percentageValue);
      }
    }
    if (values.offerType === 'referral') {
      if (!filled(values.referralLink)) problem('referralLink', messages.offerTypeFields);
      else if (webAddress(values.referralLink ?? '') === null) problem('referralLink', messages.referralLink);
    }
    if (values.hasExpiry) {
      if (!filled(values.expiryDate)) problem('expiryDate', messages.requiredFields);
      // The offer runs to the end of that day, so today is still allowed.
      else if ((values.expiryDate ?? '') < today()) problem('expiryDate', messages.expiryDate);
    }
  };
}

/** Run a refinement on partly invalid values too (zod skips refinements after a failed field otherwise). */
export const EVEN_IF_INVALID = { when: () => true } as const;

/** Steps as sent: `[{step, instruction}]` numbered from 1, blank ones left out. */
export const guideOf = (steps: readonly RedemptionStepValue[] = []) =>
  steps
    .map((step) => (step.instruction ?? '').trim())
    .filter(Boolean)
    .map((instruction, index) => ({ step: index + 1, instruction }));

/** Appends a text to a multipart body, trimmed, only when there is one. */
export const putter =
  (form: FormData) =>
  (name: string, value: string | undefined | null): void => {
    const text = value?.trim();
    if (text) form.append(name, text);
  };

/**
 * The offer type and its fields: the referral link as a full address, or the discount's code (`code`: the form's
 * field name and value), type and value (none for free shipping).
 */
export function putOfferTypeFields(
  put: ReturnType<typeof putter>,
  values: OfferTermsValues,
  code: { field: string; value: string | undefined },
): void {
  put('offerType', values.offerType);
  if (values.offerType === 'referral') {
    put('referralLink', webAddress(values.referralLink ?? ''));
  } else {
    put(code.field, code.value);
    put('discountType', values.discountType);
    if (values.discountType !== 'free_shipping') put('discountValue', values.discountValue);
  }
}
