import { makeOffer } from '../offers/testing/offer-factory';
import { partnerLogoRows } from './partner-logos';

describe('partnerLogoRows (SPEC §9: 22 logos, 11 per row)', () => {
  test('30 brands give two rows of 11, one logo per brand, most used first', () => {
    const offers = Array.from({ length: 30 }, (_, i) =>
      makeOffer({ brandName: `B${i}`, logoUrl: `/api/offers/${i}/logo`, currentUses: i }),
    );
    const rows = partnerLogoRows(offers);
    expect(rows.map((r) => r.length)).toEqual([11, 11]);
    const names = rows.flat().map((l) => l.name);
    expect(new Set(names).size).toBe(22);
    expect(names.slice(0, 3)).toEqual(['B29', 'B28', 'B27']);
  });

  test("a brand's offers count once, with their uses added up; brands with a logo come first", () => {
    const rows = partnerLogoRows([
      makeOffer({ brandName: 'NoLogo', logoUrl: null, currentUses: 1000 }),
      makeOffer({ brandName: 'Twice', logoUrl: '/a.png', currentUses: 5 }),
      makeOffer({ brandName: 'Twice', logoUrl: '/b.png', currentUses: 5 }),
      makeOffer({ brandName: 'Once', logoUrl: '/c.png', currentUses: 8 }),
    ]);
    expect(rows[0].slice(0, 4)).toEqual([
      { name: 'Twice', logoUrl: '/a.png' },
      { name: 'Once', logoUrl: '/c.png' },
      { name: 'NoLogo', logoUrl: null },
      { name: 'Twice', logoUrl: '/a.png' },
    ]);
  });

  test('fewer brands are repeated to fill 22 places; no offers give no rows', () => {
    const rows = partnerLogoRows([makeOffer({ brandName: 'Solo' })]);
    expect(rows.flat()).toHaveLength(22);
    expect(partnerLogoRows([])).toEqual([]);
  });
});
