import { offerMessages as rules, offerRuleKey } from '@tullab/contracts/rule-texts';
import { messages as accountMessages } from '../account/schemas';

/**
 * The merchant forms' messages: the offer rules' keys (`offerRules:*`, docs/errors.md "Field errors"), the same the
 * offers service answers in `keys`, so the form says before sending what the server would say after, in the page's
 * language; the logo's file checks are the forms' own (`merchants` catalogue).
 */
export const messages = {
  logo: rules.logoRequired,
  logoType: 'merchants:errors.logoType',
  logoSize: 'merchants:errors.logoSize',
  brandName: offerRuleKey('brandNameTooShort'),
  category: rules.category,
  businessDescription: offerRuleKey('businessDescriptionTooShort'),
  businessDescriptionAr: offerRuleKey('businessDescriptionArTooShort'),
  offerType: rules.offerType,
  websiteLink: rules.websiteLink,
  steps: rules.guideRequired,
  stepInstruction: rules.step,
  terms: offerRuleKey('termsAndConditionsTooShort'),
  termsAr: offerRuleKey('termsAndConditionsArTooShort'),
  contactEmail: accountMessages.email,
  contactName: offerRuleKey('contactNameTooShort'),
  contactPhone: accountMessages.phoneInvalid,
  requiredFields: rules.required,
  offerTypeFields: rules.requiredForType,
  discountValue: rules.discountValue,
  discountCode: rules.code,
  percentageValue: rules.percentage,
  referralLink: rules.referralLink,
  expiryDate: rules.expiryInPast,
  title: offerRuleKey('titleTooShort'),
  titleAr: offerRuleKey('titleArTooShort'),
} as const;

/**
 * The catalogues the messages come from ('offerRules', 'merchants', and the account forms' for e-mail and phone): the
 * form loads them all, so a message never shows as its key.
 */
export const MESSAGE_NAMESPACES: readonly string[] = [
  ...new Set(
    Object.values(messages)
      .filter((key) => key.includes(':'))
      .map((key) => key.split(':')[0]),
  ),
];
