import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

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

/** One offer's counters for one day (Asia/Dubai), kept by the offers worker from the tracking events. */
export const OfferDailyStatSchema = defineEntity({
  name: 'OfferDailyStat',
  tableName: 'offer_daily_stat',
  properties: {
    offerId: p.uuid().primary(),
    /** `YYYY-MM-DD` */
    day: p.string().columnType('date').primary(),
    /** cards opened (analytics `offer_click`) */
    viewsStudents: p.integer(),
    viewsVisitors: p.integer(),
    viewsCalls: p.integer(),
    /** share links copied (analytics `link_copy`) */
    linkCopiesStudents: p.integer(),
    linkCopiesVisitors: p.integer(),
    linkCopiesCalls: p.integer(),
    codeCopiesStudents: p.integer(),
    codeCopiesVisitors: p.integer(),
    codeCopiesCalls: p.integer(),
    referralClicksStudents: p.integer(),
    referralClicksVisitors: p.integer(),
    referralClicksCalls: p.integer(),
    /** every redemption (each hands out a code; only active students redeem) */
    redemptions: p.integer(),
  },
});
export type OfferDailyStat = InferEntity<typeof OfferDailyStatSchema>;
