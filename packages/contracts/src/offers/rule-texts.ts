import type { Language } from '../languages.js';

/**
 * The offer rules' messages (issue 29): each has a key, `offerRules:<name>`, and a text in each language. The offers
 * service's schemas refuse a field with a key; the server answers its English text in `errors` and the key in `keys`
 * (docs/errors.md "Field errors"), so the brands' forms and the console show the rule in the reader's language from
 * the same catalogue the server reads. This module has no zod: the apps load it as their `offerRules` catalogue.
 */
export const OFFER_RULES = 'offerRules';

/**
 * The lengths of an offer's texts (an Arabic text has its English one's once given), as the offers service, the
 * staff console's form and the brands' forms check them.
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
  contactName: { min: 2, max: 100 },
} as const;

/** An offer's other limits, checked by the same parties. */
export const offerLimits = {
  guideSteps: 20,
  discountValue: 100_000,
  percentage: 100,
  codeLength: 64,
  redemptionsPerStudent: { min: 1, max: 100 },
} as const;

/** A text's shortest and longest (`offerTextLengths`). */
export interface TextLengths {
  min: number;
  max: number;
}

type Texts = Record<Language, string>;

/** The rules with one text each (SPEC §5 "Merchant application" wording, and the service's own where SPEC is silent). */
const fixedTexts = {
  category: { en: 'Please select a category', ar: 'اختر فئة' },
  offerType: { en: 'Please select an offer type', ar: 'اختر نوع العرض' },
  websiteLink: { en: 'Please enter a valid website URL', ar: 'أدخل رابط موقع صحيحًا' },
  referralLink: { en: 'Please enter a valid referral link', ar: 'أدخل رابط إحالة صحيحًا' },
  email: { en: 'Please enter a valid email address', ar: 'أدخل بريدًا إلكترونيًا صحيحًا' },
  phone: { en: 'Please enter a valid phone number', ar: 'أدخل رقم هاتف صحيحًا' },
  logoRequired: { en: 'Logo picture is required', ar: 'شعار العلامة التجارية مطلوب' },
  required: { en: 'Please fill in all required fields', ar: 'املأ جميع الحقول المطلوبة' },
  requiredForType: {
    en: 'Please fill in all required fields for your selected offer type',
    ar: 'املأ جميع الحقول المطلوبة لنوع العرض الذي اخترته',
  },
  discountValue: { en: 'The discount value must be more than 0', ar: 'يجب أن تكون قيمة الخصم أكبر من 0' },
  discountValueMissing: { en: 'Please enter a discount value', ar: 'أدخل قيمة الخصم' },
  discountValueInvalid: { en: 'Please enter a valid discount value', ar: 'أدخل قيمة خصم صحيحة' },
  percentage: {
    en: `A percentage discount is at most ${offerLimits.percentage}`,
    ar: `لا يمكن أن تزيد نسبة الخصم على ${offerLimits.percentage}`,
  },
  tooLarge: { en: 'The discount value is too large', ar: 'قيمة الخصم كبيرة جدًا' },
  code: {
    en: 'Codes use letters, digits and symbols, without spaces',
    ar: 'يتكوّن الكود من أحرف إنجليزية وأرقام ورموز، دون مسافات',
  },
  codeRequired: { en: 'Please enter a code', ar: 'أدخل الكود' },
  codeTooLong: {
    en: `Codes are at most ${offerLimits.codeLength} characters`,
    ar: `يجب ألا يزيد الكود على ${arabicCharacters(offerLimits.codeLength)}`,
  },
  guideRequired: {
    en: 'At least one redemption step is required',
    ar: 'أضف خطوة واحدة على الأقل لطريقة الاستخدام',
  },
  guideNotList: {
    en: 'The Arabic redemption guide must be a list of steps',
    ar: 'يجب أن تكون طريقة الاستخدام بالعربية قائمة خطوات',
  },
  guideTooLong: {
    en: `At most ${offerLimits.guideSteps} redemption steps`,
    ar: `لا تزيد خطوات طريقة الاستخدام على ${offerLimits.guideSteps} خطوة`,
  },
  step: { en: 'Each redemption step needs an instruction', ar: 'اكتب تعليمات لكل خطوة' },
  stepTooLong: {
    en: `A redemption step is at most ${offerTextLengths.guideStep.max} characters`,
    ar: `يجب ألا تزيد الخطوة على ${arabicCharacters(offerTextLengths.guideStep.max)}`,
  },
  expiryInvalid: { en: 'Please enter a valid expiry date', ar: 'أدخل تاريخ انتهاء صحيحًا' },
  expiryInPast: { en: 'The expiry date must be in the future', ar: 'يجب أن يكون تاريخ الانتهاء في المستقبل' },
  redemptionsPerStudent: {
    en: `Give a whole number from ${offerLimits.redemptionsPerStudent.min} to ${offerLimits.redemptionsPerStudent.max}`,
    ar: `أدخل عددًا صحيحًا من ${offerLimits.redemptionsPerStudent.min} إلى ${offerLimits.redemptionsPerStudent.max}`,
  },
} satisfies Record<string, Texts>;

/**
 * The texts with a shortest and longest length: their names in each language, and whether the Arabic name is
 * feminine (the verb agrees with it: «يجب أن تتكوّن الشروط والأحكام…»).
 */
const namedTexts = {
  title: { en: 'Title', ar: 'العنوان', lengths: offerTextLengths.title },
  titleAr: { en: 'Title (Arabic)', ar: 'العنوان بالعربية', lengths: offerTextLengths.title },
  brandName: { en: 'Brand name', ar: 'اسم العلامة التجارية', lengths: offerTextLengths.brandName },
  businessName: { en: 'Business name', ar: 'الاسم التجاري', lengths: offerTextLengths.businessName },
  businessDescription: {
    en: 'Business description',
    ar: 'وصف النشاط التجاري',
    lengths: offerTextLengths.businessDescription,
  },
  businessDescriptionAr: {
    en: 'Business description (Arabic)',
    ar: 'وصف النشاط التجاري بالعربية',
    lengths: offerTextLengths.businessDescription,
  },
  description: { en: 'Description', ar: 'الوصف', lengths: offerTextLengths.description },
  descriptionAr: { en: 'Description (Arabic)', ar: 'الوصف بالعربية', lengths: offerTextLengths.description },
  generalInfo: {
    en: 'General info',
    ar: 'المعلومات العامة',
    feminine: true,
    lengths: offerTextLengths.generalInfo,
  },
  termsAndConditions: {
    en: 'Terms and conditions',
    ar: 'الشروط والأحكام',
    feminine: true,
    lengths: offerTextLengths.termsAndConditions,
    // SPEC §5's wording for terms left out or too short
    tooShort: { en: 'Please provide terms and conditions', ar: 'أدخل الشروط والأحكام' },
  },
  termsAndConditionsAr: {
    en: 'Terms and conditions (Arabic)',
    ar: 'الشروط والأحكام بالعربية',
    feminine: true,
    lengths: offerTextLengths.termsAndConditions,
  },
  contactName: { en: 'Contact name', ar: 'اسم الشخص المسؤول', lengths: offerTextLengths.contactName },
} satisfies Record<string, Texts & { feminine?: boolean; lengths: TextLengths; tooShort?: Texts }>;

/** A text whose length the rules check (`title`, `titleAr`, …). */
export type NamedText = keyof typeof namedTexts;
type FixedName = keyof typeof fixedTexts;
export type OfferRuleName = FixedName | `${NamedText}${'TooShort' | 'TooLong' | 'NotText'}`;
export type OfferRuleKey = `offerRules:${OfferRuleName}`;

/** «حرفين», «10 أحرف», «120 حرفًا», «500 حرف»: a count of characters with the noun Arabic gives that count. */
function arabicCharacters(count: number): string {
  switch (new Intl.PluralRules('ar').select(count)) {
    case 'one':
      return 'حرف واحد';
    case 'two':
      return 'حرفين';
    case 'few':
      return `${count} أحرف`;
    case 'many':
      return `${count} حرفًا`;
    default:
      return `${count} حرف`;
  }
}

function lengthTexts(name: NamedText): Record<Language, Record<string, string>> {
  const named: { en: string; ar: string; lengths: TextLengths; feminine?: boolean; tooShort?: Texts } =
    namedTexts[name];
  const { en, ar, lengths, feminine, tooShort } = named;
  return {
    en: {
      [`${name}TooShort`]: tooShort?.en ?? `${en} must be at least ${lengths.min} characters`,
      [`${name}TooLong`]: `${en} must be at most ${lengths.max} characters`,
      [`${name}NotText`]: `${en} must be text`,
    },
    ar: {
      [`${name}TooShort`]:
        tooShort?.ar ??
        `يجب أن ${feminine ? 'تتكوّن' : 'يتكوّن'} ${ar} من ${arabicCharacters(lengths.min)} على الأقل`,
      [`${name}TooLong`]: `يجب ألا ${feminine ? 'تزيد' : 'يزيد'} ${ar} على ${arabicCharacters(lengths.max)}`,
      [`${name}NotText`]: `يجب أن ${feminine ? 'تكون' : 'يكون'} ${ar} نصًا`,
    },
  };
}

function catalogue(language: Language): Record<OfferRuleName, string> {
  const fixed = Object.fromEntries(
    Object.entries(fixedTexts).map(([name, texts]) => [name, texts[language]]),
  );
  const lengths = (Object.keys(namedTexts) as NamedText[]).map((name) => lengthTexts(name)[language]);
  return Object.assign(fixed, ...lengths) as Record<OfferRuleName, string>;
}

/** The `offerRules` catalogue of each language: rule name → text. */
export const offerRuleTexts: Record<Language, Record<OfferRuleName, string>> = {
  en: catalogue('en'),
  ar: catalogue('ar'),
};

const PREFIX = `${OFFER_RULES}:`;

/** The key of a rule: `offerRules:category`. */
export const offerRuleKey = <N extends OfferRuleName>(name: N): `offerRules:${N}` => `offerRules:${name}`;

/** The keys of the rules with one text (`offerMessages.category` is `offerRules:category`). */
export const offerMessages = Object.fromEntries(
  (Object.keys(fixedTexts) as FixedName[]).map((name) => [name, offerRuleKey(name)]),
) as { [N in FixedName]: `offerRules:${N}` };

/** The keys of a named text's length rules (`lengthRules('title').tooShort` is `offerRules:titleTooShort`). */
export const lengthRules = (name: NamedText) => ({
  lengths: namedTexts[name].lengths as TextLengths,
  tooShort: offerRuleKey(`${name}TooShort`),
  tooLong: offerRuleKey(`${name}TooLong`),
  notText: offerRuleKey(`${name}NotText`),
});

/** True when `message` is the key of an offer rule. */
export function isOfferRuleKey(message: string): message is OfferRuleKey {
  return message.startsWith(PREFIX) && message.slice(PREFIX.length) in offerRuleTexts.en;
}

/** A message's text in `language`: the rule's text for a rule's key, any other message as it is. */
export function ruleText(message: string, language: Language = 'en'): string {
  return isOfferRuleKey(message)
    ? offerRuleTexts[language][message.slice(PREFIX.length) as OfferRuleName]
    : message;
}
