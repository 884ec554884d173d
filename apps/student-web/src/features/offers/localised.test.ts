import {
  isArabic,
  localiseOffer,
  localiseOffers,
  localiseOpenedOffer,
  localiseSummary,
  originalOf,
} from './localised';
import { normalizeOffer } from './offer';
import { makeOffer } from './testing/offer-factory';

const arabicTexts = {
  titleAr: 'خصم ٢٠٪ للطلاب',
  descriptionAr: 'على كل المنتجات',
  discountRedemptionGuideAr: [{ step: 1, instruction: 'انسخ الرمز' }],
  termsAndConditionsAr: 'للطلاب فقط',
};

describe('isArabic', () => {
  test.each([
    ['ar', true],
    ['ar-AE', true],
    ['AR', true],
    ['en', false],
    ['en-GB', false],
    [undefined, false],
    ['', false],
  ])('%p → %p', (language, expected) => {
    expect(isArabic(language)).toBe(expected);
  });
});

describe('localised offers (issue 12)', () => {
  test('in English, every offer is exactly what the server sent: the same objects, the same array', () => {
    const offer = makeOffer(arabicTexts);
    const catalogue = [offer, makeOffer()];
    expect(localiseOffers(catalogue, 'en')).toBe(catalogue);
    expect(localiseOffers(catalogue, undefined)).toBe(catalogue);
    expect(localiseSummary(offer, 'en')).toBe(offer);
    expect(localiseOffer(offer, 'en')).toBe(offer);
    expect(localiseOpenedOffer(offer, 'en')).toBe(offer);
  });

  test('in Arabic, each Arabic text replaces its English one', () => {
    const offer = makeOffer({
      title: 'Student deal',
      description: 'On everything',
      discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code' }],
      termsAndConditions: 'Students only',
      ...arabicTexts,
    });
    expect(localiseOffer(offer, 'ar')).toEqual({
      ...offer,
      title: 'خصم ٢٠٪ للطلاب',
      description: 'على كل المنتجات',
      discountRedemptionGuide: [{ step: 1, instruction: 'انسخ الرمز' }],
      termsAndConditions: 'للطلاب فقط',
    });
    expect(offer.title).toBe('Student deal');
  });

  test('in Arabic, a missing, empty or blank Arabic text falls back to the English one', () => {
    const offer = makeOffer({
      title: 'Student deal',
      titleAr: '   ',
      description: 'On everything',
      descriptionAr: 'على كل المنتجات',
      discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code' }],
      discountRedemptionGuideAr: [],
      termsAndConditions: 'Students only',
      termsAndConditionsAr: null,
    });
    expect(localiseOffer(offer, 'ar')).toMatchObject({
      title: 'Student deal',
      description: 'على كل المنتجات',
      discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code' }],
      termsAndConditions: 'Students only',
    });
    const english = makeOffer({ title: 'Only English' });
    expect(localiseOffer(english, 'ar')).toBe(english);
  });

  test('from what the server sends: null Arabic fields read as English', () => {
    const offer = normalizeOffer({
      id: 'x',
      title: 'Student deal',
      titleAr: null,
      description: 'On everything',
      descriptionAr: '',
      discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code' }],
      discountRedemptionGuideAr: null,
      termsAndConditions: 'Students only',
      termsAndConditionsAr: 'للطلاب فقط',
    });
    expect(localiseOffer(offer, 'ar')).toMatchObject({
      title: 'Student deal',
      description: 'On everything',
      discountRedemptionGuide: [{ step: 1, instruction: 'Copy the code' }],
      termsAndConditions: 'للطلاب فقط',
    });
  });

  test('a catalogue in Arabic is made once: the same array and objects each time; the originals are kept', () => {
    const offer = makeOffer({ title: 'Student deal', ...arabicTexts });
    const plain = makeOffer();
    const catalogue = [offer, plain];
    const arabic = localiseOffers(catalogue, 'ar');
    expect(localiseOffers(catalogue, 'ar')).toBe(arabic);
    expect(arabic.map((o) => o.title)).toEqual(['خصم ٢٠٪ للطلاب', plain.title]);
    expect(arabic[1]).toBe(plain);
    expect(originalOf(arabic[0])).toBe(offer);
    expect(originalOf(plain)).toBe(plain);
    expect(localiseOpenedOffer(offer, 'ar')).toBe(localiseOpenedOffer(offer, 'ar'));
  });
});
