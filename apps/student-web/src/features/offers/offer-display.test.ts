import { DEFAULT_GUIDE, guideOf } from './default-texts';
import { brandInitials, discountLabel, formatOfferDate } from './offer-display';

describe('discountLabel (SPEC §4 "Offer card display")', () => {
  test.each([
    [
      'a referral offer',
      'Offer',
      { offerType: 'referral', discountType: 'percentage', discountValue: 30 },
      { value: 'Offer' },
    ],
    [
      'a percentage',
      '25% OFF',
      { offerType: 'discount', discountType: 'percentage', discountValue: 25 },
      { value: '25%', suffix: 'OFF' },
    ],
    [
      'a fixed amount',
      'AED 50 OFF',
      { offerType: 'discount', discountType: 'fixed', discountValue: 50 },
      { value: 'AED 50', suffix: 'OFF' },
    ],
    [
      'free shipping',
      'FREE SHIPPING',
      { offerType: 'discount', discountType: 'free_shipping', discountValue: null },
      { value: 'FREE', caption: 'SHIPPING' },
    ],
    [
      'any other type',
      'FREE',
      { offerType: 'discount', discountType: 'gift', discountValue: null },
      { value: 'FREE' },
    ],
  ])('%s reads "%s"', (_case, _text, offer, label) => {
    expect(discountLabel(offer)).toEqual(label);
  });

  test('amounts keep their decimals and get thousands separators', () => {
    expect(discountLabel({ offerType: null, discountType: 'fixed', discountValue: 1250.5 })).toEqual({
      value: 'AED 1,250.5',
      suffix: 'OFF',
    });
  });
});

describe('formatOfferDate', () => {
  test('shows the date in the UAE (a UTC evening is the next day in Dubai)', () => {
    expect(formatOfferDate('2025-12-30T21:00:00Z')).toBe('31 Dec 2025');
  });

  test('no date or an unreadable one gives null', () => {
    expect(formatOfferDate(null)).toBeNull();
    expect(formatOfferDate('someday')).toBeNull();
  });
});

describe('guideOf', () => {
  test('an offer without a guide gets the default guide of four steps numbered 1 to 4', () => {
    expect(guideOf({ discountRedemptionGuide: [] })).toBe(DEFAULT_GUIDE);
    expect(DEFAULT_GUIDE.map((s) => s.step)).toEqual([1, 2, 3, 4]);
  });

  test('an offer with its own guide keeps it', () => {
    const own = [{ step: 1, instruction: 'Show your student card' }];
    expect(guideOf({ discountRedemptionGuide: own })).toBe(own);
  });
});

test('brandInitials takes the first letters of the first two words', () => {
  expect(brandInitials('desert bloom cafe')).toBe('DB');
  expect(brandInitials('Zest')).toBe('Z');
  expect(brandInitials('—')).toBe('?');
});

describe('in Arabic (issue 12)', () => {
  test('the label and the date are written in Arabic, numbers as the UAE writes them', () => {
    expect(discountLabel({ offerType: null, discountType: 'percentage', discountValue: 20 }, 'ar')).toEqual({
      value: '20%',
      suffix: 'خصم',
    });
    expect(discountLabel({ offerType: null, discountType: 'fixed', discountValue: 1250.5 }, 'ar')).toEqual({
      value: '1,250.5 درهم',
      suffix: 'خصم',
    });
    expect(
      discountLabel({ offerType: null, discountType: 'free_shipping', discountValue: null }, 'ar'),
    ).toEqual({
      value: 'شحن',
      caption: 'مجاني',
    });
    expect(discountLabel({ offerType: 'referral', discountType: null, discountValue: null }, 'ar')).toEqual({
      value: 'عرض',
    });
    expect(formatOfferDate('2025-12-30T21:00:00Z', 'ar')).toBe('31 ديسمبر 2025');
  });
});
