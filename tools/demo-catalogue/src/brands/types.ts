import type { OfferCategory } from '@tullab/contracts';

/** How a demo offer is redeemed; each has its own guide. */
export type Channel = 'online' | 'in-store' | 'app' | 'referral';

export type DemoDiscount =
  | { type: 'percentage'; value: number }
  | { type: 'fixed'; value: number }
  | { type: 'free_shipping' }
  | { type: 'referral' };

/** A brand of the demo catalogue: invented names, `.example` web addresses, no third-party trademark. */
export interface DemoBrand {
  name: string;
  category: OfferCategory;
  about: string;
  title: string;
  /** the Arabic texts (issue 12): Modern Standard Arabic, brand names kept in Latin script */
  titleAr: string;
  description: string;
  descriptionAr: string;
  discount: DemoDiscount;
  channel: Channel;
  /** the brand line of the terms; the student rules follow it */
  terms: string;
  termsAr: string;
  generalInfo?: string;
  /**
   * the offer's own code; without one (and without a pool) every student gets the one code made for the offer, which
   * staff see in the console and send to the merchant (decision 012)
   */
  code?: string;
  /** a pool of unique codes `<prefix>-XXXXXX`, imported from the merchant */
  pool?: { prefix: string; size: number };
  expiresInDays?: number;
  /** how many codes of its pool a student may take: only an offer with a pool allows more than 1 (decision 012) */
  maxRedemptionsPerStudent?: number;
  /** distinct students so far, and how long ago the offer was listed */
  uses: number;
  ageDays: number;
}
