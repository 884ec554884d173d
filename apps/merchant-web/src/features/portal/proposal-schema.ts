import {
  offerCategories,
  offerTextLengths as lengths,
  type DiscountType,
  type GuideStep,
  type MerchantOfferDetail,
  type OfferType,
} from '@tullab/contracts';
import { z } from 'zod';
import { minText } from '@tullab/web-kit/forms/rules';
import { MESSAGE_NAMESPACES, messages } from '@tullab/web-kit/offer-form/messages';
import { offerRuleKey } from '@tullab/contracts/rule-texts';
import {
  EVEN_IF_INVALID,
  guideOf,
  logoProblem,
  offerTermsFields,
  offerTermsRule,
  optionalAtLeast,
  optionalText,
  putOfferTypeFields,
  putter,
  webAddress,
  type RedemptionStepValue,
} from '@tullab/web-kit/offer-form/offer-terms';
import { newStep } from '@tullab/web-kit/offer-form/offer-terms';
import { todayInDubai } from './dates';

/** The catalogues the form's texts and messages come from: the form loads them all, so none shows as its key. */
export const PROPOSAL_NAMESPACES = ['merchant', ...MESSAGE_NAMESPACES];

/** The proposal form's values (text fields are undefined while empty, as react-final-form leaves them). */
export interface ProposalValues {
  /** the brand's offer the proposal edits; '' for a new offer */
  offerId: string;
  logoFile?: File;
  title?: string;
  titleAr?: string;
  description?: string;
  descriptionAr?: string;
  businessCategory?: string;
  offerType?: OfferType;
  discountType?: DiscountType;
  discountValue?: string;
  code?: string;
  referralLink?: string;
  websiteLink?: string;
  hasExpiry?: boolean;
  expiryDate?: string;
  discountRedemptionGuide: RedemptionStepValue[];
  discountRedemptionGuideAr?: RedemptionStepValue[];
  termsAndConditions?: string;
  termsAndConditionsAr?: string;
}

/** A new offer's proposal values: a percentage discount without expiry, one empty step (an edit's: below). */
export const initialProposalValues = (): ProposalValues => ({
  offerId: '',
  offerType: 'discount',
  discountType: 'percentage',
  hasExpiry: false,
  discountRedemptionGuide: [newStep(1)],
  discountRedemptionGuideAr: [newStep(1)],
});

const given = (value: string | null) => value ?? undefined;
const stepsOf = (steps: readonly GuideStep[] | null): RedemptionStepValue[] =>
  steps?.length
    ? steps.map(({ instruction }, index) => ({ ...newStep(index + 1), instruction }))
    : [newStep(1)];

/**
 * An edit's values: the offer's current fields (GET /api/merchant/offers/:id), so sending them unchanged is a valid
 * proposal; the expiry is its day in the UAE, which `toProposalFormData` sends back as that day's end.
 */
export function proposalValuesOf({ id, fields }: MerchantOfferDetail): ProposalValues {
  return {
    offerId: id,
    title: fields.title,
    titleAr: given(fields.titleAr),
    description: given(fields.description),
    descriptionAr: given(fields.descriptionAr),
    businessCategory: fields.businessCategory,
    offerType: fields.offerType,
    // a referral has no discount: switching the type starts as a new proposal does
    discountType: fields.discountType ?? 'percentage',
    discountValue: fields.discountValue === null ? undefined : String(fields.discountValue),
    code: given(fields.code),
    referralLink: given(fields.referralLink),
    websiteLink: given(fields.websiteLink),
    hasExpiry: fields.expiresAt !== null,
    expiryDate: fields.expiresAt ? todayInDubai(new Date(fields.expiresAt)) : undefined,
    discountRedemptionGuide: stepsOf(fields.discountRedemptionGuide),
    discountRedemptionGuideAr: stepsOf(fields.discountRedemptionGuideAr),
    termsAndConditions: fields.termsAndConditions,
    termsAndConditionsAr: given(fields.termsAndConditionsAr),
  };
}

/** proposalBody's rules (staffOfferFields), as the form checks them before sending; the server checks them again. */
export const proposalForm = z
  .object({
    offerId: z.string(),
    logoFile: z
      .unknown()
      .optional()
      .superRefine((file, ctx) => {
        if (file === undefined || file === null) return;
        const problem = logoProblem(file, messages.logoType);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    title: minText(lengths.title.min, messages.title).max(lengths.title.max, offerRuleKey('titleTooLong')),
    titleAr: optionalAtLeast(lengths.title.min, messages.titleAr),
    description: optionalText,
    descriptionAr: optionalText,
    businessCategory: z.enum(offerCategories, messages.category),
    offerType: z.enum(['discount', 'referral'], messages.offerType),
    discountType: z.string().optional(),
    code: optionalText,
    ...offerTermsFields,
  })
  .superRefine(offerTermsRule({ field: 'code', required: false }), EVEN_IF_INVALID);

/**
 * The multipart body of POST /api/merchant/offer-proposals (proposalBody's field names): texts as text, the guides
 * as JSON, only the fields of the chosen offer type, the expiry as the end of its day in the UAE, `logoFile` if
 * chosen, and `offerId` for an edit.
 */
export function toProposalFormData(values: ProposalValues): FormData {
  const form = new FormData();
  const put = putter(form);
  put('offerId', values.offerId);
  if (values.logoFile) form.append('logoFile', values.logoFile);
  put('title', values.title);
  put('titleAr', values.titleAr);
  put('description', values.description);
  put('descriptionAr', values.descriptionAr);
  put('businessCategory', values.businessCategory);
  putOfferTypeFields(put, values, { field: 'code', value: values.code });
  put('websiteLink', values.websiteLink ? webAddress(values.websiteLink) : null);
  if (values.hasExpiry && values.expiryDate) put('expiresAt', `${values.expiryDate}T23:59:59+04:00`);
  form.append('discountRedemptionGuide', JSON.stringify(guideOf(values.discountRedemptionGuide)));
  const guideAr = guideOf(values.discountRedemptionGuideAr);
  if (guideAr.length) form.append('discountRedemptionGuideAr', JSON.stringify(guideAr));
  put('termsAndConditions', values.termsAndConditions);
  put('termsAndConditionsAr', values.termsAndConditionsAr);
  return form;
}
