// Offers in the journey tests, created through the staff API as the console does.
import type { Browser } from './browsers';

export interface OfferRecord {
  id: string;
  [field: string]: unknown;
}

/** Creates an offer as `admin` (signed-in staff): a live 20 % discount offer unless `overrides` say otherwise. */
export async function createOffer(
  admin: Browser,
  overrides: Record<string, unknown> = {},
): Promise<OfferRecord> {
  const res = await admin.post('/api/admin/offers', {
    title: '20% off everything',
    brandName: 'Journey Brand',
    businessDescription: 'A brand that exists only in journey tests.',
    businessCategory: 'fashion',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 20,
    discountRedemptionGuide: [{ instruction: 'Copy the code' }, { instruction: 'Paste it at checkout' }],
    termsAndConditions: 'Verified students only; one use each.',
    status: 'live',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`offer not created: ${res.status} ${res.text}`);
  return res.body as OfferRecord;
}
