import { languages } from '../languages';
import { createOfferBody } from './admin-offers';
import { applicationForm } from './merchant-applications';
import { isOfferRuleKey, offerRuleTexts, ruleText } from './rule-texts';

const ARABIC_LETTER = /[\u0621-\u064A]/;

describe('the offer rules’ messages (docs/errors.md "Field errors")', () => {
  test('every rule has a text in every language, and the Arabic one is Arabic', () => {
    const names = Object.keys(offerRuleTexts.en).sort();
    for (const language of languages) {
      expect(Object.keys(offerRuleTexts[language]).sort()).toEqual(names);
      for (const text of Object.values(offerRuleTexts[language])) expect(text.trim()).not.toBe('');
    }
    for (const text of Object.values(offerRuleTexts.ar)) expect(text).toMatch(ARABIC_LETTER);
  });

  test('Arabic counts take the noun Arabic grammar gives them', () => {
    expect(ruleText('offerRules:titleTooShort', 'ar')).toBe('يجب أن يتكوّن العنوان من حرفين على الأقل');
    expect(ruleText('offerRules:businessDescriptionTooShort', 'ar')).toContain('من 10 أحرف');
    expect(ruleText('offerRules:titleTooLong', 'ar')).toContain('120 حرفًا');
    expect(ruleText('offerRules:stepTooLong', 'ar')).toContain('500 حرف');
    expect(ruleText('offerRules:termsAndConditionsArTooLong', 'ar')).toMatch(/^يجب ألا تزيد الشروط/);
  });

  test('a message that is not a rule key is its own text', () => {
    expect(isOfferRuleKey('offerRules:nope')).toBe(false);
    expect(ruleText('Please give a reason', 'ar')).toBe('Please give a reason');
  });

  test.each([
    ['the staff form', () => createOfferBody.safeParse({ title: 'x', businessCategory: 'nope' })],
    ['the merchant application', () => applicationForm.safeParse({ brandName: 'x', contactEmail: 'no' })],
  ])('%s refuses its fields with rule keys, each of which has its texts', (_, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) expect(isOfferRuleKey(message)).toBe(true);
  });
});
