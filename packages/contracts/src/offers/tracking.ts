import { z } from 'zod';

/** The tracking calls' counters (SPEC §7), by the name of their columns' stem. */
export const trackedCounters = ['views', 'linkCopies', 'codeCopies', 'referralClicks'] as const;

/**
 * The three ways each of them is kept a day (decision 008): the distinct students, the distinct visitor addresses,
 * and every call (repeats and staff's included).
 */
export const tallies = ['Students', 'Visitors', 'Calls'] as const;

/** A day's counts as staff see them: each tracked counter three ways, then the redemptions. */
export const statFields = [
  ...trackedCounters.flatMap((counter) => tallies.map((tally) => `${counter}${tally}` as const)),
  'redemptions',
] as const;
export type StatField = (typeof statFields)[number];

/** S33: a tracking call's `metadata` is at most 512 bytes of JSON (its body at most TRACKING_BODY_LIMIT). */
const METADATA_LIMIT = 512;

/** The length of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of the character that replaces it). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** `POST /analytics` (SPEC §7): `metadata` (which names the brand) is checked, then not kept. */
export const analyticsBody = z.object({
  eventType: z.enum(['offer_click', 'link_copy'], 'eventType must be offer_click or link_copy'),
  offerId: z.uuid('offerId must be an offer id'),
  metadata: z
    .string('metadata must be a JSON string')
    .refine((text) => utf8Length(text) <= METADATA_LIMIT, 'metadata must be at most 512 bytes')
    .refine(isJson, 'metadata must be a JSON string')
    .nullish(),
});
/** What a client sends to `POST /analytics`. */
export type AnalyticsBody = z.input<typeof analyticsBody>;

export type TrackedCounter = (typeof trackedCounters)[number];
export type Tally = (typeof tallies)[number];

/** One day of an offer's counters (`GET /admin/offers/:id/stats`); `day` is `YYYY-MM-DD`, Dubai time. */
export type OfferStatAnswer = { id: string; day: string } & Record<StatField, number>;
