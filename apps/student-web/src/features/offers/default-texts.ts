import type { Offer, RedemptionStep } from './offer';

// The modal's default texts live apart from the card's display rules so that they load with the modal only. Their
// words are in the `offers` catalogue: each instruction and term here is a catalogue key (OfferModal shows them).

/** SPEC §2 / §9: the guide shown when an offer has none of its own, four steps (`defaultGuide.step<n>`). */
export const DEFAULT_GUIDE: readonly RedemptionStep[] = [1, 2, 3, 4].map((step) => ({
  step,
  instruction: `offers:defaultGuide.step${step}`,
}));

export const guideOf = (offer: Pick<Offer, 'discountRedemptionGuide'>): readonly RedemptionStep[] =>
  offer.discountRedemptionGuide.length > 0 ? offer.discountRedemptionGuide : DEFAULT_GUIDE;

/** SPEC §2: the terms shown when an offer has none of its own (`defaultTerms.<name>`). */
export const DEFAULT_TERMS: readonly string[] = [
  'verifiedStudents',
  'oneCode',
  'age',
  'notCombined',
  'nonTransferable',
  'singleUse',
].map((term) => `offers:defaultTerms.${term}`);
