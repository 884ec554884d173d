import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { arabicGuideSteps, arabicText } from '@tullab/contracts';
import { sniffFileKind } from '@tullab/storage';
import { demoBrands } from './brands';
import { logoFileOf } from './logos';
import { demoOfferTexts, slugOf, STUDENT_TERMS, STUDENT_TERMS_AR } from './texts';

const ARABIC = /[\u0600-\u06FF]/;
const latinWords = (text: string) => text.match(/[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*/g) ?? [];
const numbers = (text: string) => text.match(/\d[\d,]*/g) ?? [];

const texts = demoBrands.map((brand) => [brand.name, brand, demoOfferTexts(brand)] as const);

describe('the demo offers in Arabic (issue 12)', () => {
  test.each(texts)('%s has an Arabic title, description, guide and terms', (_, brand, offer) => {
    for (const text of [offer.titleAr, offer.descriptionAr, offer.termsAndConditionsAr])
      expect(text).toMatch(ARABIC);
    expect(offer.termsAndConditionsAr).toBe(`${brand.termsAr} ${STUDENT_TERMS_AR}`);
    expect(offer.discountRedemptionGuideAr.map(({ step }) => step)).toEqual(
      offer.discountRedemptionGuide.map(({ step }) => step),
    );
    for (const { instruction } of offer.discountRedemptionGuideAr) expect(instruction).toMatch(ARABIC);
  });

  test.each(texts)(
    '%s: the Arabic keeps the staff form’s limits, so staff can save it unchanged',
    (_, __, offer) => {
      expect(arabicText('titleAr').parse(offer.titleAr)).toBe(offer.titleAr);
      expect(arabicText('descriptionAr').parse(offer.descriptionAr)).toBe(offer.descriptionAr);
      expect(arabicText('termsAndConditionsAr').parse(offer.termsAndConditionsAr)).toBe(
        offer.termsAndConditionsAr,
      );
      expect(arabicGuideSteps.parse(offer.discountRedemptionGuideAr)).toEqual(
        offer.discountRedemptionGuideAr,
      );
    },
  );

  test.each(texts)(
    '%s: names and numbers carry over (Latin only where the English has it, AED n as n درهم)',
    (_, brand, offer) => {
      const pairs = [
        [offer.title, offer.titleAr],
        [offer.description, offer.descriptionAr],
        [brand.terms, brand.termsAr],
        ...offer.discountRedemptionGuide.map(({ instruction }, i) => [
          instruction,
          offer.discountRedemptionGuideAr[i].instruction,
        ]),
      ];
      for (const [english, arabic] of pairs) {
        for (const word of latinWords(arabic)) expect(latinWords(english)).toContain(word);
        for (const number of numbers(english)) expect(numbers(arabic)).toContain(number);
        for (const [, amount] of english.matchAll(/AED (\d[\d,]*)/g))
          expect(arabic).toContain(`${amount} درهم`);
      }
    },
  );

  test('the English stays as it was', () => {
    const fitlane = demoOfferTexts(demoBrands.find((brand) => brand.name === 'Fitlane')!);
    expect(fitlane).toMatchObject({
      title: 'AED 50 off any monthly pass',
      description:
        'Train at a different studio every day: boxing in Business Bay, yoga on the Corniche, climbing in Al Quoz.',
      discountRedemptionGuide: [
        { step: 1, instruction: 'Tap "Redeem discount code" to reveal your code' },
        { step: 2, instruction: 'Open the Fitlane app or sign up' },
        { step: 3, instruction: 'Enter the code under Promotions' },
        { step: 4, instruction: 'Your discount applies to your next order' },
      ],
      termsAndConditions:
        'Valid on monthly passes bought in the Fitlane app. Valid for verified students with a UAE educational ' +
        'e-mail address. One code per student account; you must be 18 or older to redeem. Cannot be combined with ' +
        'other offers; non-transferable and non-refundable; one transaction only.',
    });
    for (const [, brand, offer] of texts) {
      expect(offer).toMatchObject({
        title: brand.title,
        description: brand.description,
        termsAndConditions: `${brand.terms} ${STUDENT_TERMS}`,
      });
      for (const text of [offer.title, offer.description, offer.termsAndConditions])
        expect(text).not.toMatch(ARABIC);
      for (const { instruction } of offer.discountRedemptionGuide) expect(instruction).not.toMatch(ARABIC);
    }
  });
});

/** The RGBA pixel at (x, y) of a 256 × 256 logo (one IDAT, unfiltered rows, as the files were drawn). */
function pixel(png: Buffer, x: number, y: number): number[] {
  const idat = png.indexOf('IDAT');
  const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const at = y * (256 * 4 + 1) + 1 + x * 4;
  return [...rows.subarray(at, at + 4)];
}

describe('the demo logos', () => {
  test('every brand has a logo of its own name', () => {
    expect(new Set(demoBrands.map((brand) => slugOf(brand.name))).size).toBe(demoBrands.length);
  });

  test.each(texts)('%s: a 256 × 256 PNG badge, transparent corners, the badge colour inside', (_, brand) => {
    const png = readFileSync(logoFileOf(brand));
    expect(sniffFileKind(png)).toBe('png');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
    expect(pixel(png, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(png, 128, 20)[3]).toBe(255);
  });
});
