import {
  discountTypes,
  offerTextLengths as lengths,
  offerTypes,
  type DiscountType,
  type OfferType,
} from '@tullab/contracts';
import { z } from 'zod';
import { emailText, minText } from '@tullab/web-kit/forms/rules';
import { NAME_MIN } from '@tullab/web-kit/account/schemas';
import { messages } from '@tullab/web-kit/offer-form/messages';
import {
  EVEN_IF_INVALID,
  guideOf,
  logoProblem,
  newStep,
  offerTermsFields,
  offerTermsRule,
  optionalAtLeast,
  optionalText,
  putOfferTypeFields,
  putter,
  webAddress,
  type RedemptionStepValue,
} from '@tullab/web-kit/offer-form/offer-terms';

export type OfferTypeValue = OfferType;
export type DiscountTypeValue = DiscountType;

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

const PHONE = /^\+?[\d\s\-()]{10,20}$/;

/** SPEC §9 defaults: a discount offer, percentage, no expiry, one step numbered 1 (and one empty Arabic step). */
export const initialMerchantValues = (): MerchantApplicationValues => ({
  offerType: 'discount',
  discountType: 'percentage',
  hasExpiry: false,
  discountRedemptionGuide: [newStep(1)],
  discountRedemptionGuideAr: [newStep(1)],
});

/**
 * SPEC §5 "Merchant application". The offer-type rules run even while other fields are still invalid, so the
 * form shows every missing field at once.
 */
export const merchantApplicationForm = z
  .object({
    logoFile: z.unknown().superRefine((file, ctx) => {
      const problem = logoProblem(file, messages.logo);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    brandName: minText(lengths.brandName.min, messages.brandName),
    brandCategory: minText(1, messages.category),
    businessDescription: minText(lengths.businessDescription.min, messages.businessDescription),
    businessDescriptionAr: optionalAtLeast(lengths.businessDescription.min, messages.businessDescriptionAr),
    generalInfo: optionalText,
    offerType: z.enum(offerTypes, { error: messages.offerType }),
    discountCode: optionalText,
    discountType: z.enum(discountTypes).optional(),
    ...offerTermsFields,
    contactEmail: emailText(messages.contactEmail),
    contactName: minText(NAME_MIN, messages.contactName),
    contactPhone: optionalText.refine((v) => !v || PHONE.test(v), messages.contactPhone),
  })
  .superRefine(offerTermsRule({ field: 'discountCode', required: true }), EVEN_IF_INVALID);

/**
 * The multipart body of `POST /api/merchant-applications` (SPEC §3 field names): only the fields of the chosen
 * offer type, the guide as a JSON string of `[{step, instruction}]` numbered from 1, the logo as `logoFile`. The
 * Arabic texts (issue 12: `businessDescriptionAr`, `discountRedemptionGuideAr`, `termsAndConditionsAr`) only when
 * filled.
 */
export function toMerchantFormData(values: MerchantApplicationValues): FormData {
  const form = new FormData();
  const put = putter(form);
  if (values.logoFile) form.append('logoFile', values.logoFile);
  put('brandName', values.brandName);
  put('brandCategory', values.brandCategory);
  put('businessDescription', values.businessDescription);
  put('businessDescriptionAr', values.businessDescriptionAr);
  put('generalInfo', values.generalInfo);
  putOfferTypeFields(put, values, { field: 'discountCode', value: values.discountCode });
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
