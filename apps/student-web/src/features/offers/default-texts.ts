import type { Offer, RedemptionStep } from './offer';

// The modal's default texts live apart from the card's display rules so that they load with the modal only.

/** SPEC §2 / §9: the guide shown when an offer has none of its own, four steps. */
export const DEFAULT_GUIDE: readonly RedemptionStep[] = [
  { step: 1, instruction: 'Sign in to your Tullab account and complete your student verification.' },
  {
    step: 2,
    instruction: "Open the offer and select 'Redeem discount code' (or 'Get Offer' for a referral offer).",
  },
  { step: 3, instruction: "Copy your code, then go to the brand's website, app or store." },
  { step: 4, instruction: 'Enter the code at checkout to apply your student discount.' },
];

export const guideOf = (offer: Pick<Offer, 'discountRedemptionGuide'>): readonly RedemptionStep[] =>
  offer.discountRedemptionGuide.length > 0 ? offer.discountRedemptionGuide : DEFAULT_GUIDE;

/** SPEC §2: the terms shown when an offer has none of its own. */
export const DEFAULT_TERMS: readonly string[] = [
  'This offer is available only to verified students with a UAE educational e-mail address.',
  'One code per student account.',
  'You must be 18 years or older to redeem this offer.',
  'This offer cannot be combined with any other offer, discount or promotion.',
  'Codes are non-transferable and non-refundable.',
  'Each code is valid for a single transaction.',
];
