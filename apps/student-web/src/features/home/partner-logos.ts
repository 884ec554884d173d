import type { OfferSummary } from '../offers/offer';
import { brandOf } from '../offers/offer-display';

/** SPEC §9: 22 partner logos in two rows of 11. */
const PARTNER_LOGO_COUNT = 22;
export const PARTNER_ROWS = 2;

export interface PartnerLogo {
  name: string;
  logoUrl: string | null;
}

/**
 * The carousel's logos, from the catalogue's brands: one per brand, most used first, those with a logo before
 * those without. A catalogue with fewer than 22 brands repeats them in the same order to fill both rows; an
 * empty catalogue gives no rows.
 */
export function partnerLogoRows(offers: readonly OfferSummary[]): PartnerLogo[][] {
  const byBrand = new Map<string, PartnerLogo & { uses: number }>();
  for (const offer of offers) {
    const name = brandOf(offer);
    if (!name) continue;
    const known = byBrand.get(name);
    byBrand.set(name, {
      name,
      logoUrl: known?.logoUrl ?? offer.logoUrl,
      uses: (known?.uses ?? 0) + offer.currentUses,
    });
  }
  const brands = [...byBrand.values()].sort(
    (a, b) => Number(b.logoUrl !== null) - Number(a.logoUrl !== null) || b.uses - a.uses,
  );
  if (brands.length === 0) return [];
  const logos = Array.from({ length: PARTNER_LOGO_COUNT }, (_, i) => {
    const { name, logoUrl } = brands[i % brands.length];
    return { name, logoUrl };
  });
  const perRow = PARTNER_LOGO_COUNT / PARTNER_ROWS;
  return Array.from({ length: PARTNER_ROWS }, (_, row) => logos.slice(row * perRow, (row + 1) * perRow));
}
