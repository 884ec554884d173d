import { discountWeight, selectOffers, type SortOption } from './catalogue';
import type { Offer } from './offer';
import { makeOffer } from './testing/offer-factory';

const ids = (offers: { id: string }[]) => offers.map((o) => o.id);

/** The offers that match, in the server's order (they tie on popularity). */
const filterOffers = (offers: Offer[], filter: { category: string; search: string }) =>
  selectOffers(offers, { ...filter, sort: 'most-popular' });
/** Every offer, in `sort` order. */
const sortOffers = (offers: Offer[], sort: SortOption) =>
  selectOffers(offers, { category: 'all', search: '', sort });

describe('discountWeight (SPEC §4: percentage weighted x10 against fixed)', () => {
  test('a percentage counts ten times its value, a fixed amount its value, anything missing 0', () => {
    expect(discountWeight({ discountType: 'percentage', discountValue: 15 })).toBe(150);
    expect(discountWeight({ discountType: 'fixed', discountValue: 100 })).toBe(100);
    expect(discountWeight({ discountType: 'free_shipping', discountValue: null })).toBe(0);
  });
});

describe('filterOffers', () => {
  const fashion = makeOffer({ id: 'fashion', businessCategory: 'fashion' });
  const retail = makeOffer({ id: 'retail', businessCategory: 'Retail' });
  const lowerRetail = makeOffer({ id: 'lower-retail', businessCategory: 'retail' });
  const all = [fashion, retail, lowerRetail];

  test("category 'all' keeps every offer", () => {
    expect(ids(filterOffers(all, { category: 'all', search: '' }))).toEqual([
      'fashion',
      'retail',
      'lower-retail',
    ]);
  });

  test("a category must equal businessCategory exactly: 'Retail' does not match 'retail'", () => {
    expect(ids(filterOffers(all, { category: 'Retail', search: '' }))).toEqual(['retail']);
    expect(ids(filterOffers(all, { category: 'fashion', search: '' }))).toEqual(['fashion']);
  });

  test.each([
    ['title', { title: 'Half price LATTES' }],
    ['description', { description: 'Any LATTE on campus' }],
    ['businessDescription', { businessDescription: 'Coffee and latte bar' }],
    ['brandName', { brandName: 'Latte Lab' }],
    ['businessName', { businessName: 'The Latte Company LLC' }],
  ])('the search matches %s, whatever the case', (_field, fields) => {
    const hit = makeOffer({ id: 'hit', ...fields });
    const miss = makeOffer({ id: 'miss', title: 'Sneakers', brandName: 'Kicks' });
    expect(ids(filterOffers([hit, miss], { category: 'all', search: 'lAtTe' }))).toEqual(['hit']);
  });

  test('search and category apply together; spaces around the search are ignored', () => {
    const a = makeOffer({ id: 'a', brandName: 'Glow', businessCategory: 'beauty' });
    const b = makeOffer({ id: 'b', brandName: 'Glow Gear', businessCategory: 'electronics' });
    expect(ids(filterOffers([a, b], { category: 'beauty', search: '  glow ' }))).toEqual(['a']);
    expect(ids(filterOffers([a, b], { category: 'all', search: '   ' }))).toEqual(['a', 'b']);
  });
});

describe('sortOffers', () => {
  const pct20 = makeOffer({ id: 'pct20', discountType: 'percentage', discountValue: 20 });
  const fixed150 = makeOffer({ id: 'fixed150', discountType: 'fixed', discountValue: 150 });
  const fixed250 = makeOffer({ id: 'fixed250', discountType: 'fixed', discountValue: 250 });
  const free = makeOffer({ id: 'free', discountType: 'free_shipping', discountValue: null });

  test('highest-discount weighs 20% as 200: above AED 150, below AED 250', () => {
    expect(ids(sortOffers([fixed150, free, pct20, fixed250], 'highest-discount'))).toEqual([
      'fixed250',
      'pct20',
      'fixed150',
      'free',
    ]);
  });

  test('lowest-discount is the reverse order', () => {
    expect(ids(sortOffers([fixed150, free, pct20, fixed250], 'lowest-discount'))).toEqual([
      'free',
      'fixed150',
      'pct20',
      'fixed250',
    ]);
  });

  const old = makeOffer({ id: 'old', createdAt: '2024-03-01T10:00:00Z', brandName: 'beta', currentUses: 5 });
  const mid = makeOffer({
    id: 'mid',
    createdAt: '2025-01-15T10:00:00Z',
    brandName: 'Alpha',
    currentUses: 50,
  });
  const recent = makeOffer({
    id: 'new',
    createdAt: '2025-09-30T10:00:00Z',
    brandName: 'Gamma',
    currentUses: 1,
  });

  test.each<[SortOption, string[]]>([
    ['newest', ['new', 'mid', 'old']],
    ['oldest', ['old', 'mid', 'new']],
    ['name-az', ['mid', 'old', 'new']],
    ['name-za', ['new', 'old', 'mid']],
    ['most-popular', ['mid', 'old', 'new']],
  ])('%s orders by createdAt, brandName or currentUses', (sort, expected) => {
    expect(ids(sortOffers([old, recent, mid], sort))).toEqual(expected);
  });

  test('offers that tie keep the server order, and the input is not changed', () => {
    const a = makeOffer({ id: 'a', currentUses: 3 });
    const b = makeOffer({ id: 'b', currentUses: 3 });
    const input = [a, b];
    expect(ids(sortOffers(input, 'most-popular'))).toEqual(['a', 'b']);
    expect(ids(sortOffers(input, 'lowest-discount'))).toEqual(['a', 'b']);
    expect(input).toEqual([a, b]);
  });
});

describe('selectOffers', () => {
  test('5,000 offers: the category, the search and the order together, and again with other criteria', () => {
    const offers = Array.from({ length: 5000 }, (_, i) =>
      makeOffer({
        id: `o${i}`,
        brandName: `Brand ${i}`,
        businessCategory: i % 2 ? 'fashion' : 'beauty',
        currentUses: i % 97,
      }),
    );
    const expected = (category: string, prefix: string) =>
      offers
        .filter((o) => o.businessCategory === category && o.brandName.startsWith(prefix))
        .sort((x, y) => y.currentUses - x.currentUses);
    expect(selectOffers(offers, { category: 'fashion', search: 'brand 1', sort: 'most-popular' })).toEqual(
      expected('fashion', 'Brand 1'),
    );
    // the same catalogue, other criteria: what was worked out for it before does not leak into the answer
    expect(selectOffers(offers, { category: 'beauty', search: 'BRAND 42', sort: 'most-popular' })).toEqual(
      expected('beauty', 'Brand 42'),
    );
    expect(ids(selectOffers(offers, { category: 'all', search: 'brand 4999', sort: 'name-za' }))).toEqual([
      'o4999',
    ]);
  });

  test('a search does not match across two fields', () => {
    const offer = makeOffer({ id: 'a', title: 'Half price', brandName: 'Latte Lab' });
    expect(ids(filterOffers([offer], { category: 'all', search: 'price' }))).toEqual(['a']);
    expect(filterOffers([offer], { category: 'all', search: 'pricelatte' })).toEqual([]);
    expect(filterOffers([offer], { category: 'all', search: 'price\u0000latte' })).toEqual([]);
  });
});
