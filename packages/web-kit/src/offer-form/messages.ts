import { messages as accountMessages } from '../account/schemas';

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
