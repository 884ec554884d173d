import { buttonLanguage, DIRECTIONS, LABELS } from './texts';

describe('buttonLanguage', () => {
  test.each(['ar', 'ar-AE', 'AR-ae', ' ar '])('%j is Arabic', (lang) => {
    expect(buttonLanguage(lang)).toBe('ar');
  });

  test.each(['en', 'en-GB', 'fr', 'arn', '', null, undefined])('%j is English', (lang) => {
    expect(buttonLanguage(lang)).toBe('en');
  });
});

describe('the labels', () => {
  test('read "Verify with Tullab" in English and in Arabic, Arabic right to left', () => {
    expect(LABELS).toEqual({ en: 'Verify with Tullab', ar: 'تحقّق عبر Tullab' });
    expect(DIRECTIONS).toEqual({ en: 'ltr', ar: 'rtl' });
  });
});
