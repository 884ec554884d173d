import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

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
    /** distinct students who did any of the above with the offer that day (decision 016) */
    students: p.integer(),
  },
});
export type OfferDailyStat = InferEntity<typeof OfferDailyStatSchema>;
