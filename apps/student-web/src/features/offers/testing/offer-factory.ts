import type { Offer } from '../offer';

let nextId = 0;

/** A catalogue offer for tests: a 10% discount unless told otherwise. */
export function makeOffer(fields: Partial<Offer> = {}): Offer {
  nextId += 1;
  return {
    id: `offer-${nextId}`,
    title: `Student deal ${nextId}`,
    brandName: `Brand ${nextId}`,
    businessName: null,
    logoUrl: null,
    businessDescription: null,
    description: null,
    businessCategory: 'fashion',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 10,
    expiresAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    currentUses: 0,
    discountRedemptionGuide: [],
    termsAndConditions: null,
    generalInfo: null,
    websiteLink: null,
    ...fields,
  };
}
