import { searchable, selectOffers } from './catalogue';
import { localiseOffers } from './localised';
import type { OfferSummary } from './offer';
import { makeOffer } from './testing/offer-factory';

const ids = (offers: { id: string }[]) => offers.map((o) => o.id);

/** The offers that match, in the server's order (they tie on popularity). */
const filterOffers = (offers: OfferSummary[], search: string) =>
  selectOffers(offers, { category: 'all', search, sort: 'most-popular' });

describe('searchable (issue 12: Arabic search)', () => {
  test.each([
    ['diacritics (harakat, superscript alef) go', 'مَطْعَمٌ', 'مطعم'],
    ['tatweel goes', 'مطـــعم', 'مطعم'],
    ['alef forms become alef', 'أإآٱ', 'اااا'],
    ['alef maqsura and yeh with hamza become yeh', 'مستشفى ئ', 'مستشفي ي'],
    ['teh marbuta becomes heh', 'جامعة', 'جامعه'],
    ['waw with hamza becomes waw', 'مؤسسة', 'موسسه'],
    ['a decomposed alef with hamza becomes alef', 'ا\u0654سعار', 'اسعار'],
    ['superscript alef goes', 'هٰذا', 'هذا'],
    ['Arabic-Indic digits become Latin', '٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹', '0123456789 0123456789'],
    ['English only changes case', 'Half PRICE, 20% off!', 'half price, 20% off!'],
  ])('%s', (_label, text, expected) => {
    expect(searchable(text)).toBe(expected);
  });
});

describe('selectOffers searches Arabic texts', () => {
  const restaurant = makeOffer({ id: 'restaurant', title: 'Lunch deal', titleAr: 'وجبة في مطعمٌ الأصدقاء' });
  const prices = makeOffer({
    id: 'prices',
    title: 'Student prices',
    descriptionAr: 'أفضل الأسعار لطلاب الجامعة',
  });
  const university = makeOffer({ id: 'university', brandName: 'Campus Store', titleAr: 'متجر جامعه' });
  const digits = makeOffer({ id: 'digits', title: 'Save 20%', titleAr: 'وفر ٢٠٪' });
  const all = [restaurant, prices, university, digits];

  test.each([
    ['"مطعم" finds "مطعمٌ"', 'مطعم', ['restaurant']],
    ['"الاسعار" finds "الأسعار"', 'الاسعار', ['prices']],
    ['"جامعة" finds "جامعه" and "الجامعة"', 'جامعة', ['prices', 'university']],
    ['"الاصدقاء" finds "الأصدقاء"', 'الاصدقاء', ['restaurant']],
    ['a needle with harakat and tatweel finds the plain text', 'مَطـعَم', ['restaurant']],
    ['Arabic-Indic digits find Latin ones', '٢٠', ['digits']],
    ['Latin digits find Arabic-Indic ones', '20', ['digits']],
  ])('%s', (_label, search, expected) => {
    expect(ids(filterOffers(all, search))).toEqual(expected);
  });

  test('the English rule stays: a case-insensitive substring of the English fields', () => {
    expect(ids(filterOffers(all, 'LUNCH'))).toEqual(['restaurant']);
    expect(ids(filterOffers(all, 'campus st'))).toEqual(['university']);
    expect(filterOffers(all, 'lunchdeal')).toEqual([]);
  });

  test('offers shown in Arabic are still found by their English texts, and by their Arabic ones', () => {
    const arabic = localiseOffers(all, 'ar');
    expect(arabic[0].title).toBe('وجبة في مطعمٌ الأصدقاء');
    expect(ids(filterOffers(arabic, 'lunch deal'))).toEqual(['restaurant']);
    expect(ids(filterOffers(arabic, 'مطعم'))).toEqual(['restaurant']);
    expect(filterOffers(arabic, 'مطعم')[0]).toBe(arabic[0]);
  });

  test('a search does not match across an English and an Arabic field', () => {
    const offer = makeOffer({ id: 'a', title: 'Deal', titleAr: 'عرض' });
    expect(filterOffers([offer], 'dealعرض')).toEqual([]);
  });
});
