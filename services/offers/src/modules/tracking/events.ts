import type { HandlerContext } from '@tullab/events';
import { affected } from '../../sql';

/** The daily counters, in the order of the statement below. */
const counters = ['views', 'linkCopies', 'codeCopies', 'referralClicks', 'redemptions'] as const;
export type Counter = (typeof counters)[number];

/** Adds 1 to one counter of the offer's day (Asia/Dubai, from when the event happened, not when it is handled). */
const COUNT = `insert into offer_daily_stat (offer_id, day, views, link_copies, code_copies, referral_clicks, redemptions)
  select id, (?::timestamptz at time zone 'Asia/Dubai')::date, ?, ?, ?, ?, ? from offer where id = ?
  on conflict (offer_id, day) do update set
    views = offer_daily_stat.views + excluded.views,
    link_copies = offer_daily_stat.link_copies + excluded.link_copies,
    code_copies = offer_daily_stat.code_copies + excluded.code_copies,
    referral_clicks = offer_daily_stat.referral_clicks + excluded.referral_clicks,
    redemptions = offer_daily_stat.redemptions + excluded.redemptions`;

/** The student's first redemption, copy or click-through of the offer adds one to its `currentUses`. */
const ENGAGE = `with added as (
    insert into offer_engagement (offer_id, user_id, first_at) select id, ?, ? from offer where id = ?
    on conflict do nothing returning offer_id)
  update offer set current_uses = current_uses + 1 where id in (select offer_id from added)`;

/**
 * Applies one tracking event (in the consumer's transaction, which also records the event id: a redelivered event
 * changes nothing). An offer deleted since is skipped. `engages`: the event makes the student a user of the offer.
 */
export async function countActivity(
  { em, envelope, log }: HandlerContext,
  payload: { offerId: string; userId: string | null },
  counter: Counter,
  engages: boolean,
): Promise<void> {
  const { offerId, userId } = payload;
  const counted = await affected(em, COUNT, [
    envelope.occurredAt,
    ...counters.map((name) => (name === counter ? 1 : 0)),
    offerId,
  ]);
  if (!counted) return void log.info({ offerId }, 'activity for a deleted offer; skipped');
  if (engages && userId) await affected(em, ENGAGE, [userId, envelope.occurredAt, offerId]);
}
