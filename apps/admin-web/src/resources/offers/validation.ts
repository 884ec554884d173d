import {
  CODE_PATTERN,
  lengthRules,
  offerLimits,
  offerMessages as keys,
  offerTextLengths as lengths,
  ruleText,
  type NamedText,
} from '@tullab/contracts';
import { maxLength, minLength, required, type Validator } from 'react-admin';

/**
 * The offer rules' English texts by name: the offers service's (@tullab/contracts, docs/errors.md "Field errors"),
 * so the form says what the service would. The console is in English.
 */
export const offerMessages = Object.fromEntries(
  Object.entries(keys).map(([name, key]) => [name, ruleText(key)]),
) as Record<keyof typeof keys, string>;

/** A named text's length rules in English. */
function lengthTexts(name: NamedText) {
  const { lengths: own, tooShort, tooLong } = lengthRules(name);
  return { ...own, tooShort: ruleText(tooShort), tooLong: ruleText(tooLong) };
}

/** The form's values as far as the cross-field rules need them. */
interface OfferValues {
  offerType?: string;
  discountType?: string | null;
  /** the pool's size (edit only): with codes in the pool, the offer's own code is optional */
  codesTotal?: number;
}

/** A required text with its lengths; too short is also the message when it is missing. */
function text(name: NamedText): Validator[] {
  const { min, max, tooShort, tooLong } = lengthTexts(name);
  return [required(tooShort), minLength(min, tooShort), maxLength(max, tooLong)];
}

function optionalText(name: NamedText): Validator {
  const { max, tooLong } = lengthTexts(name);
  return maxLength(max, tooLong);
}

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

/** An optional Arabic text (issue 12) with its English field's lengths once given, as the offers service checks it. */
function arabicText(name: NamedText): Validator {
  const { min, max, tooShort, tooLong } = lengthTexts(name);
  return (value) => {
    if (blank(value)) return undefined;
    const length = String(value).trim().length;
    if (length < min) return tooShort;
    return length > max ? tooLong : undefined;
  };
}

const isDiscount = (values: OfferValues) => values.offerType === 'discount';

const discountType: Validator = (value, values: OfferValues) =>
  isDiscount(values) && blank(value) ? offerMessages.requiredForType : undefined;

const discountValue: Validator = (value, values: OfferValues) => {
  if (!isDiscount(values) || values.discountType === 'free_shipping') return undefined;
  if (blank(value)) return offerMessages.required;
  const amount = Number(value);
  if (!(amount > 0)) return offerMessages.discountValue;
  if (values.discountType === 'percentage' && amount > offerLimits.percentage)
    return offerMessages.percentage;
  return amount > offerLimits.discountValue ? offerMessages.tooLarge : undefined;
};

/** SPEC §5: a discount offer needs its code, unless students get theirs from the offer's code pool. */
const code: Validator = (value, values: OfferValues) => {
  if (!isDiscount(values)) return undefined;
  if (blank(value)) return (values.codesTotal ?? 0) > 0 ? undefined : offerMessages.requiredForType;
  const text = String(value).trim();
  if (text.length > offerLimits.codeLength) return offerMessages.codeTooLong;
  return CODE_PATTERN.test(text) ? undefined : offerMessages.code;
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
  Array.isArray(value) && value.length > offerLimits.guideSteps ? offerMessages.guideTooLong : undefined;

const guide: Validator = (value) => {
  const steps = Array.isArray(value) ? value : [];
  if (steps.length === 0) return offerMessages.guideRequired;
  return steps.length > offerLimits.guideSteps ? offerMessages.guideTooLong : undefined;
};

const maxRedemptions: Validator = (value) => {
  const count = Number(value);
  const { min, max } = offerLimits.redemptionsPerStudent;
  return Number.isInteger(count) && count >= min && count <= max
    ? undefined
    : offerMessages.redemptionsPerStudent;
};

/** Field-level rules of the offer form; the offer-type rules read the other fields. */
export const offerRules = {
  title: text('title'),
  titleAr: arabicText('titleAr'),
  brandName: text('brandName'),
  businessName: optionalText('businessName'),
  businessDescription: text('businessDescription'),
  description: optionalText('description'),
  descriptionAr: arabicText('descriptionAr'),
  businessCategory: required(offerMessages.category),
  offerType: required(offerMessages.offerType),
  discountType,
  discountValue,
  code,
  referralLink,
  websiteLink,
  guide,
  guideAr,
  step: [required(offerMessages.step), maxLength(lengths.guideStep.max, offerMessages.stepTooLong)],
  termsAndConditions: text('termsAndConditions'),
  termsAndConditionsAr: arabicText('termsAndConditionsAr'),
  generalInfo: optionalText('generalInfo'),
  maxRedemptions,
};
