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
  type DiscountType,
  type OfferType,
} from './fields.js';
import { offerLimits, offerMessages } from './rule-texts.js';

/** Multipart sends every field as text; an empty one counts as not given. */
const blankAsNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsNull, schema.nullable());

/** `YYYY-MM-DD` (the end of that day in the UAE) or a full ISO time. */
const expiryDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], offerMessages.expiryInvalid)
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999+04:00` : value))
  .refine((date) => date.getTime() > Date.now(), offerMessages.expiryInPast);

const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/** The form's fields in the order it shows them: errors are reported in this order (the first is `message`). */
const fieldOrder = [
  'logoFile',
  'brandName',
  'brandCategory',
  'businessDescription',
  'businessDescriptionAr',
  'generalInfo',
  'offerType',
  'discountCode',
  'discountType',
  'discountValue',
  'referralLink',
  'hasExpiry',
  'expiryDate',
  'websiteLink',
  'discountRedemptionGuide',
  'discountRedemptionGuideAr',
  'termsAndConditions',
  'termsAndConditionsAr',
  'contactEmail',
  'contactName',
  'contactPhone',
];

/**
 * POST /merchant-applications: the multipart fields of SPEC §3 with the rules and texts of SPEC §5. `logoFile` is the
 * uploaded file (its kind is checked when it is stored). The Arabic texts (issue 12: `businessDescriptionAr`,
 * `discountRedemptionGuideAr`, `termsAndConditionsAr`) are optional, with their English fields' rules once given.
 */
export const applicationForm = z
  .object({
    // a refinement, not a type check: a missing logo does not stop the other rules from being checked
    logoFile: z.unknown().refine((file) => !!file, offerMessages.logoRequired),
    brandName: requiredText('brandName'),
    brandCategory: z.enum(offerCategories, offerMessages.category),
    businessDescription: requiredText('businessDescription'),
    businessDescriptionAr: z.preprocess(blankAsNull, arabicText('businessDescriptionAr')),
    generalInfo: z.preprocess(blankAsNull, optionalText('generalInfo')),
    offerType: z.enum(offerTypes, offerMessages.offerType),
    discountCode: optional(discountCode),
    discountType: z.preprocess(
      (value) => blankAsNull(value) ?? 'percentage',
      z.enum(discountTypes, offerMessages.requiredForType),
    ),
    discountValue: optional(
      z.coerce
        .number(offerMessages.discountValueInvalid)
        .refine(Number.isFinite, offerMessages.discountValueInvalid)
        .refine((value) => value > 0, offerMessages.discountValue)
        .refine((value) => value <= offerLimits.discountValue, offerMessages.tooLarge),
    ),
    referralLink: optional(httpUrl(offerMessages.referralLink)),
    hasExpiry: z.preprocess(
      (value) => blankAsNull(value) ?? 'false',
      z.stringbool({ error: 'hasExpiry must be true or false' }),
    ),
    expiryDate: optional(expiryDate),
    websiteLink: optional(httpUrl(offerMessages.websiteLink)),
    discountRedemptionGuide: z.preprocess(jsonText, guideSteps),
    discountRedemptionGuideAr: z.preprocess((value) => jsonText(blankAsNull(value)), arabicGuideSteps),
    termsAndConditions: requiredText('termsAndConditions'),
    termsAndConditionsAr: z.preprocess(blankAsNull, arabicText('termsAndConditionsAr')),
    contactEmail: z.email(offerMessages.email).trim().max(254, offerMessages.email),
    contactName: requiredText('contactName'),
    contactPhone: optional(
      z
        .string()
        .trim()
        .regex(/^\+?[\d\s\-()]{10,20}$/, offerMessages.phone),
    ),
  })
  .superRefine((form, ctx) => {
    if (form.hasExpiry && !form.expiryDate)
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: offerMessages.required });
    if (form.offerType === 'discount' && !form.discountCode)
      ctx.addIssue({ code: 'custom', path: ['discountCode'], message: offerMessages.requiredForType });
    checkOfferTerms(form, ctx);
  })
  .transform(({ hasExpiry, expiryDate: date, logoFile: _logoFile, ...form }) => {
    const terms = normaliseTerms(form);
    return {
      ...terms,
      discountCode: terms.offerType === 'referral' ? null : terms.discountCode,
      expiryDate: hasExpiry ? date : null,
    };
  });
export type MerchantApplicationForm = z.infer<typeof applicationForm>;

const position = (issue: z.core.$ZodIssue) => {
  const index = fieldOrder.indexOf(String(issue.path[0]));
  return index < 0 ? fieldOrder.length : index;
};

/** Parses the form; a ZodError lists its problems in the form's order, so the toast shows the topmost. */
export function parseMerchantApplicationForm(input: Record<string, unknown>): MerchantApplicationForm {
  const parsed = applicationForm.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new z.ZodError([...parsed.error.issues].sort((a, b) => position(a) - position(b)));
}

export const approveApplicationBody = z.object({
  status: z.enum(['draft', 'live'], 'Status must be draft or live').default('draft'),
});

export const rejectApplicationBody = z.object({
  reason: z
    .string('Please give a reason')
    .trim()
    .min(3, 'Please give a reason')
    .max(1000, 'The reason must be at most 1000 characters'),
});

export const merchantApplicationIdParams = z.object({ id: z.uuid('Not a valid application id') });

/** What of an application names the offer its approval makes. */
export interface ApplicationOfferTerms {
  offerType: OfferType;
  discountType?: DiscountType | null;
  discountValue?: number | null;
  businessDescriptionAr?: string | null;
  discountRedemptionGuideAr?: readonly unknown[] | null;
  termsAndConditionsAr?: string | null;
}

/** SPEC §4 card wording, as the first title of an approved application's offer; staff may edit it. */
function approvedOfferTitle(application: ApplicationOfferTerms): string {
  if (application.offerType === 'referral') return 'Exclusive student access';
  switch (application.discountType) {
    case 'percentage':
      return `${application.discountValue}% off for students`;
    case 'fixed':
      return `AED ${application.discountValue} off for students`;
    default:
      return 'Free shipping for students';
  }
}

/** The Arabic of {@link approvedOfferTitle}. */
function approvedOfferTitleAr(application: ApplicationOfferTerms): string {
  if (application.offerType === 'referral') return 'وصول حصري للطلاب';
  switch (application.discountType) {
    case 'percentage':
      return `خصم ${application.discountValue}% للطلاب`;
    case 'fixed':
      return `خصم ${application.discountValue} درهم للطلاب`;
    default:
      return 'شحن مجاني للطلاب';
  }
}

const hasArabicTexts = (application: ApplicationOfferTerms) =>
  !!(
    application.businessDescriptionAr ||
    application.discountRedemptionGuideAr?.length ||
    application.termsAndConditionsAr
  );

/** The titles the offers service gives an approved application's offer: an Arabic one only with Arabic texts. */
export const approvedOfferTitles = (application: ApplicationOfferTerms) => ({
  title: approvedOfferTitle(application),
  titleAr: hasArabicTexts(application) ? approvedOfferTitleAr(application) : null,
});
