import { z } from 'zod';

/**
 * What students and visitors did with an offer (SPEC §7 tracking calls, issue 4). Offers writes them to its outbox
 * when the call arrives and aggregates them in its own worker: `currentUses` and the per-offer daily counters.
 * `userId` is the signed-in student from the session (S29), null for anyone else (visitors, staff).
 */
export const offerActivityPayload = z.object({
  offerId: z.uuid(),
  userId: z.uuid().nullable(),
});
export type OfferActivityPayload = z.infer<typeof offerActivityPayload>;

/** A verified student redeemed an offer. No code travels: consumers need the fact, not the secret. */
export const offerRedeemedPayload = z.object({
  offerId: z.uuid(),
  userId: z.uuid(),
  redemptionId: z.uuid(),
});
export type OfferRedeemedPayload = z.infer<typeof offerRedeemedPayload>;
