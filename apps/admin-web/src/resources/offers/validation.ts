import { maxLength, minLength, required, type Validator } from 'react-admin';

/** The texts of SPEC §5 "Merchant application" and of the offers service's staff schema, field by field. */
export const offerMessages = {
  title: 'Title must be at least 2 characters',
  brandName: 'Brand name must be at least 2 characters',
  businessDescription: 'Business description must be at least 10 characters',
  category: 'Please select a category',
  offerType: 'Please select an offer type',
  required: 'Please fill in all required fields',
  requiredForType: 'Please fill in all required fields for your selected offer type',
  discountValue: 'The discount value must be more than 0',
  percentage: 'A percentage discount is at most 100',
  tooLarge: 'The discount value is too large',
  code: 'Codes use letters, digits and symbols, without spaces',
  codeTooLong: 'Codes are at most 64 characters',
  referralLink: 'Please enter a valid referral link',
  websiteLink: 'Please enter a valid website URL',
  guide: 'At least one redemption step is required',
  guideTooLong: 'At most 20 redemption steps',
  step: 'Each redemption step needs an instruction',
  terms: 'Please provide terms and conditions',
  maxRedemptions: 'Give a whole number from 1 to 100',
} as const;

/** The form's values as far as the cross-field rules need them. */
interface OfferValues {
  offerType?: string;
  discountType?: string | null;
  /** the pool's size (edit only): with codes in the pool, the offer's own code is optional */
  codesTotal?: number;
}

/** A required text of `min`..`max` characters; `tooShort` is also the message when it is missing. */
const text = (min: number, max: number, tooShort: string, label: string): Validator[] => [
  required(tooShort),
  minLength(min, tooShort),
  maxLength(max, `${label} must be at most ${max} characters`),
];
const optionalText = (max: number, label: string) =>
  maxLength(max, `${label} must be at most ${max} characters`);

/** An http(s) address with a host, as the offers service accepts. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * An optional Arabic text (issue 12) with its English field's lengths once given, as the offers service checks it;
 * `label` names it ('Title (Arabic)').
 */
const arabicText =
  (min: number, max: number, label: string): Validator =>
  (value) => {
    if (blank(value)) return undefined;
    const length = String(value).trim().length;
    if (length < min) return `${label} must be at least ${min} characters`;
    return length > max ? `${label} must be at most ${max} characters` : undefined;
  };

const isDiscount = (values: OfferValues) => values.offerType === 'discount';

const discountType: Validator = (value, values: OfferValues) =>
  isDiscount(values) && blank(value) ? offerMessages.requiredForType : undefined;

const discountValue: Validator = (value, values: OfferValues) => {
  if (!isDiscount(values) || values.discountType === 'free_shipping') return undefined;
  if (blank(value)) return offerMessages.required;
  const amount = Number(value);
  if (!(amount > 0)) return offerMessages.discountValue;
  if (values.discountType === 'percentage' && amount > 100) return offerMessages.percentage;
  return amount > 100_000 ? offerMessages.tooLarge : undefined;
};

/** SPEC §5: a discount offer needs its code, unless students get theirs from the offer's code pool. */
const code: Validator = (value, values: OfferValues) => {
  if (!isDiscount(values)) return undefined;
  if (blank(value)) return (values.codesTotal ?? 0) > 0 ? undefined : offerMessages.requiredForType;
  const text = String(value).trim();
  if (text.length > 64) return offerMessages.codeTooLong;
  return /^[\x21-\x7e]+$/.test(text) ? undefined : offerMessages.code;
};

const referralLink: Validator = (value, values: OfferValues) => {
  if (values.offerType !== 'referral') return undefined;
  if (blank(value)) return offerMessages.requiredForType;
  return isWebAddress(String(value)) ? undefined : offerMessages.referralLink;
};

const websiteLink: Validator = (value) =>
  blank(value) || isWebAddress(String(value)) ? undefined : offerMessages.websiteLink;

/** The Arabic guide is optional: no steps is none. */
const guideAr: Validator = (value) =>
  Array.isArray(value) && value.length > 20 ? offerMessages.guideTooLong : undefined;

const guide: Validator = (value) => {
  const steps = Array.isArray(value) ? value : [];
  if (steps.length === 0) return offerMessages.guide;
  return steps.length > 20 ? offerMessages.guideTooLong : undefined;
};

const maxRedemptions: Validator = (value) => {
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 && count <= 100 ? undefined : offerMessages.maxRedemptions;
};

/** Field-level rules of the offer form; the offer-type rules read the other fields. */
export const offerRules = {
  title: text(2, 120, offerMessages.title, 'Title'),
  titleAr: arabicText(2, 120, 'Title (Arabic)'),
  brandName: text(2, 80, offerMessages.brandName, 'Brand name'),
  businessName: optionalText(120, 'Business name'),
  businessDescription: text(10, 2000, offerMessages.businessDescription, 'Business description'),
  description: optionalText(2000, 'Description'),
  descriptionAr: arabicText(0, 2000, 'Description (Arabic)'),
  businessCategory: required(offerMessages.category),
  offerType: required(offerMessages.offerType),
  discountType,
  discountValue,
  code,
  referralLink,
  websiteLink,
  guide,
  guideAr,
  step: [required(offerMessages.step), maxLength(500, 'A redemption step is at most 500 characters')],
  termsAndConditions: text(10, 5000, offerMessages.terms, 'Terms and conditions'),
  termsAndConditionsAr: arabicText(10, 5000, 'Terms and conditions (Arabic)'),
  generalInfo: optionalText(2000, 'General info'),
  maxRedemptions,
};
