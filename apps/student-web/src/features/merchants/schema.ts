import { discountTypes, offerTypes, type DiscountType, type OfferType } from '@tullab/contracts';
import { z } from 'zod';
import { emailText, minText } from '../../components/forms/rules';
import { messages as accountMessages, NAME_MIN } from '../auth/schemas';

/**
 * SPEC §5 "Merchant application" messages, and for the rules SPEC leaves unworded the offers service's own texts, so
 * the form says here what the server would say after sending. Catalogue keys: en/merchants.json has the texts.
 */
export const messages = {
  logo: 'merchants:errors.logo',
  logoType: 'merchants:errors.logoType',
  logoSize: 'merchants:errors.logoSize',
  brandName: 'merchants:errors.brandName',
  category: 'merchants:errors.category',
  businessDescription: 'merchants:errors.businessDescription',
  businessDescriptionAr: 'merchants:errors.businessDescriptionAr',
  offerType: 'merchants:errors.offerType',
  websiteLink: 'merchants:errors.websiteLink',
  steps: 'merchants:errors.steps',
  stepInstruction: 'merchants:errors.stepInstruction',
  terms: 'merchants:errors.terms',
  termsAr: 'merchants:errors.termsAr',
  contactEmail: accountMessages.email,
  contactName: 'merchants:errors.contactName',
  contactPhone: accountMessages.phoneInvalid,
  requiredFields: 'merchants:errors.requiredFields',
  offerTypeFields: 'merchants:errors.offerTypeFields',
  discountValue: 'merchants:errors.discountValue',
  discountCode: 'merchants:errors.discountCode',
  percentageValue: 'merchants:errors.percentageValue',
  referralLink: 'merchants:errors.referralLink',
  expiryDate: 'merchants:errors.expiryDate',
} as const;

/**
 * The catalogues the messages come from ('merchants', and the account forms' for e-mail and phone): the form loads
 * them all, so a message never shows as its key.
 */
export const MESSAGE_NAMESPACES: readonly string[] = [
  ...new Set(
    Object.values(messages)
      .filter((key) => key.includes(':'))
      .map((key) => key.split(':')[0]),
  ),
];

export type OfferTypeValue = OfferType;
export type DiscountTypeValue = DiscountType;

/** The logo the offers service accepts (issue 4): PNG, JPEG or WebP, at most 2 MB. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export interface RedemptionStepValue {
  id: number;
  step: number;
  instruction?: string;
}

/** The form's values. Text fields are undefined while empty (react-final-form's default). */
export interface MerchantApplicationValues {
  logoFile?: File;
  brandName?: string;
  brandCategory?: string;
  businessDescription?: string;
  /** issue 12: the optional Arabic texts, sent only when filled */
  businessDescriptionAr?: string;
  generalInfo?: string;
  offerType?: OfferTypeValue;
  discountCode?: string;
  discountType?: DiscountTypeValue;
  discountValue?: string;
  referralLink?: string;
  hasExpiry?: boolean;
  expiryDate?: string;
  websiteLink?: string;
  discountRedemptionGuide: RedemptionStepValue[];
  discountRedemptionGuideAr?: RedemptionStepValue[];
  termsAndConditions?: string;
  termsAndConditionsAr?: string;
  contactEmail?: string;
  contactName?: string;
  contactPhone?: string;
}

let lastStepId = 0;
/** A new, empty redemption step; ids only tell the steps apart on screen. */
export const newStep = (step: number): RedemptionStepValue => ({ id: ++lastStepId, step, instruction: '' });

/** SPEC §9 defaults: a discount offer, percentage, no expiry, one step numbered 1 (and one empty Arabic step). */
export const initialMerchantValues = (): MerchantApplicationValues => ({
  offerType: 'discount',
  discountType: 'percentage',
  hasExpiry: false,
  discountRedemptionGuide: [newStep(1)],
  discountRedemptionGuideAr: [newStep(1)],
});

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

const filled = (value: string | undefined) => (value ?? '').trim() !== '';
const optionalText = z.string().trim().optional();
/** An optional text with a minimum length once given (the Arabic texts take their English field's minimum). */
const optionalAtLeast = (min: number, message: string) =>
  optionalText.refine((v) => !v || v.length >= min, message);
const PHONE = /^\+?[\d\s\-()]{10,20}$/;
/** What the offers service accepts as a code: printable characters, no spaces. */
const CODE = /^[\x21-\x7e]+$/;

/** Today as yyyy-mm-dd in the user's time zone, to compare with a date input's value. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** What is wrong with the picked logo, if anything (a plain check: `z.instanceof` would stop all other rules). */
function logoProblem(file: unknown): string | null {
  if (!(file instanceof File)) return messages.logo;
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return messages.logoType;
  if (file.size > LOGO_MAX_BYTES) return messages.logoSize;
  return null;
}

/**
 * SPEC §5 "Merchant application". The offer-type rules run even while other fields are still invalid, so the
 * form shows every missing field at once.
 */
export const merchantApplicationForm = z
  .object({
    logoFile: z.unknown().superRefine((file, ctx) => {
      const problem = logoProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    brandName: minText(NAME_MIN, messages.brandName),
    brandCategory: minText(1, messages.category),
    businessDescription: minText(10, messages.businessDescription),
    businessDescriptionAr: optionalAtLeast(10, messages.businessDescriptionAr),
    generalInfo: optionalText,
    offerType: z.enum(offerTypes, { error: messages.offerType }),
    discountCode: optionalText,
    discountType: z.enum(discountTypes).optional(),
    discountValue: optionalText,
    referralLink: optionalText,
    hasExpiry: z.boolean().optional(),
    expiryDate: optionalText,
    websiteLink: optionalText.refine((v) => !v || webAddress(v) !== null, messages.websiteLink),
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
    termsAndConditions: minText(10, messages.terms),
    termsAndConditionsAr: optionalAtLeast(10, messages.termsAr),
    contactEmail: emailText(messages.contactEmail),
    contactName: minText(NAME_MIN, messages.contactName),
    contactPhone: optionalText.refine((v) => !v || PHONE.test(v), messages.contactPhone),
  })
  .superRefine(
    (values, ctx) => {
      const problem = (field: keyof MerchantApplicationValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message });
      if (values.offerType === 'discount') {
        if (!filled(values.discountCode)) problem('discountCode', messages.offerTypeFields);
        else if (!CODE.test(values.discountCode?.trim() ?? ''))
          problem('discountCode', messages.discountCode);
        if (!values.discountType) problem('discountType', messages.offerTypeFields);
        if (values.discountType !== 'free_shipping') {
          const amount = Number(values.discountValue);
          if (!filled(values.discountValue)) problem('discountValue', messages.requiredFields);
          else if (!(amount > 0)) problem('discountValue', messages.discountValue);
          else if (values.discountType === 'percentage' && amount > 100)
            problem('discountValue', messages.percentageValue);
        }
      }
      if (values.offerType === 'referral') {
        if (!filled(values.referralLink)) problem('referralLink', messages.offerTypeFields);
        else if (webAddress(values.referralLink ?? '') === null)
          problem('referralLink', messages.referralLink);
      }
      if (values.hasExpiry) {
        if (!filled(values.expiryDate)) problem('expiryDate', messages.requiredFields);
        // The offer runs to the end of that day, so today is still allowed.
        else if ((values.expiryDate ?? '') < today()) problem('expiryDate', messages.expiryDate);
      }
    },
    // Run on partly invalid values too (zod skips refinements after a failed field otherwise).
    { when: () => true },
  );

/** Steps as sent: `[{step, instruction}]` numbered from 1, blank ones left out. */
const guideOf = (steps: readonly RedemptionStepValue[] = []) =>
  steps
    .map((s) => (s.instruction ?? '').trim())
    .filter(Boolean)
    .map((instruction, index) => ({ step: index + 1, instruction }));

/**
 * The multipart body of `POST /api/merchant-applications` (SPEC §3 field names): only the fields of the chosen
 * offer type, the guide as a JSON string of `[{step, instruction}]` numbered from 1, the logo as `logoFile`. The
 * Arabic texts (issue 12: `businessDescriptionAr`, `discountRedemptionGuideAr`, `termsAndConditionsAr`) only when
 * filled.
 */
export function toMerchantFormData(values: MerchantApplicationValues): FormData {
  const form = new FormData();
  const put = (name: string, value: string | undefined | null) => {
    const text = value?.trim();
    if (text) form.append(name, text);
  };
  if (values.logoFile) form.append('logoFile', values.logoFile);
  put('brandName', values.brandName);
  put('brandCategory', values.brandCategory);
  put('businessDescription', values.businessDescription);
  put('businessDescriptionAr', values.businessDescriptionAr);
  put('generalInfo', values.generalInfo);
  put('offerType', values.offerType);
  if (values.offerType === 'referral') {
    put('referralLink', webAddress(values.referralLink ?? ''));
  } else {
    put('discountCode', values.discountCode);
    put('discountType', values.discountType);
    if (values.discountType !== 'free_shipping') put('discountValue', values.discountValue);
  }
  form.append('hasExpiry', String(Boolean(values.hasExpiry)));
  if (values.hasExpiry) put('expiryDate', values.expiryDate);
  put('websiteLink', values.websiteLink ? webAddress(values.websiteLink) : null);
  form.append(
    'discountRedemptionGuide',
    JSON.stringify(
      values.discountRedemptionGuide.map((s, index) => ({
        step: index + 1,
        instruction: (s.instruction ?? '').trim(),
      })),
    ),
  );
  const guideAr = guideOf(values.discountRedemptionGuideAr);
  if (guideAr.length) form.append('discountRedemptionGuideAr', JSON.stringify(guideAr));
  put('termsAndConditions', values.termsAndConditions);
  put('termsAndConditionsAr', values.termsAndConditionsAr);
  put('contactEmail', values.contactEmail);
  put('contactName', values.contactName);
  put('contactPhone', values.contactPhone);
  return form;
}
