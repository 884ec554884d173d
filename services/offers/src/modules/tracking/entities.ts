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
    views: p.integer(),
    /** share links copied (analytics `link_copy`) */
    linkCopies: p.integer(),
    codeCopies: p.integer(),
    referralClicks: p.integer(),
    redemptions: p.integer(),
  },
});
export type OfferDailyStat = InferEntity<typeof OfferDailyStatSchema>;
