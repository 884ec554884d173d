import { normalizeGuide, normalizeOffer } from './offer';

describe('normalizeOffer', () => {
  test('reads a discount value sent as a string and the guide sent as a JSON string', () => {
    const offer = normalizeOffer({
      id: 7,
      title: 'Student deal',
      brandName: 'Desert Bloom',
      discountType: 'percentage',
      discountValue: '15.5',
      currentUses: '12',
      discountRedemptionGuide: JSON.stringify([
        { step: 1, instruction: 'Open the app' },
        { step: 2, instruction: 'Pay' },
      ]),
    });
    expect(offer).toMatchObject({
      id: '7',
      discountValue: 15.5,
      currentUses: 12,
      discountRedemptionGuide: [
        { step: 1, instruction: 'Open the app' },
        { step: 2, instruction: 'Pay' },
      ],
    });
  });

  test('a website is kept only when it is a web address', () => {
    expect(normalizeOffer({ id: 1, websiteLink: 'https://desertbloom.ae' }).websiteLink).toBe(
      'https://desertbloom.ae',
    );
    expect(normalizeOffer({ id: 1, websiteLink: 'javascript:alert(1)' }).websiteLink).toBeNull();
  });

  test('missing or empty fields become null, uses 0 and the guide empty', () => {
    const offer = normalizeOffer({
      id: 'x',
      logoUrl: '',
      discountValue: null,
      discountRedemptionGuide: 'not json',
    });
    expect(offer).toMatchObject({
      logoUrl: null,
      discountValue: null,
      currentUses: 0,
      brandName: '',
      discountRedemptionGuide: [],
    });
  });
});

describe('normalizeGuide', () => {
  test('a step without a number falls back to its position; steps without an instruction are dropped', () => {
    expect(
      normalizeGuide([
        { instruction: 'First' },
        { step: 'seven', instruction: 'Second' },
        { step: 5, instruction: '  Fifth  ' },
        { step: 6, instruction: '' },
        null,
      ]),
    ).toEqual([
      { step: 1, instruction: 'First' },
      { step: 2, instruction: 'Second' },
      { step: 5, instruction: 'Fifth' },
    ]);
  });

  test('anything but a list gives no steps', () => {
    expect(normalizeGuide({ step: 1, instruction: 'x' })).toEqual([]);
    expect(normalizeGuide(undefined)).toEqual([]);
  });
});
