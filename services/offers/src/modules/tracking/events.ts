import type { ActivityKind, HandlerContext } from '@tullab/events';
import { rows } from '../../sql';

/** The daily counters. */
type Counter = 'views' | 'linkCopies' | 'codeCopies' | 'referralClicks' | 'redemptions';

/** One event to count: `engages` makes its student one of the offer's `currentUses` (once per student). */
export interface Activity {
  offerId: string;
  userId: string | null;
  counter: Counter;
  engages: boolean;
  /** ISO time the event happened; its day (Asia/Dubai) is the one it counts on */
  occurredAt: string;
}

/** What each tracking call counts as; a copied code or a click-through also makes the student a user of it. */
export const activityOf: Record<ActivityKind, Pick<Activity, 'counter' | 'engages'>> = {
  viewed: { counter: 'views', engages: false },
  link_shared: { counter: 'linkCopies', engages: false },
  code_copied: { counter: 'codeCopies', engages: true },
  referral_clicked: { counter: 'referralClicks', engages: true },
};

/**
 * One statement, however many events (they are its one parameter, as rows of `jsonb_to_recordset`):
 * - `counted` adds the events to their offers' daily counters, one row per offer and day (Asia/Dubai), in key order
 *   (so that concurrent batches lock rows in the same order); offers deleted since are left out;
 * - `added` records a student's first redemption, copy or click-through of an offer, and `raised` adds one to the
 *   offer's `currentUses` for each;
 * and it answers the offers counted.
 */
const COUNT = `with e as materialized (
    select * from jsonb_to_recordset(?::jsonb)
      as e(offer_id uuid, user_id uuid, counter text, engages boolean, occurred_at timestamptz)),
  counted as (
    insert into offer_daily_stat (offer_id, day, views, link_copies, code_copies, referral_clicks, redemptions)
    select e.offer_id, (e.occurred_at at time zone 'Asia/Dubai')::date,
      count(*) filter (where e.counter = 'views'),
      count(*) filter (where e.counter = 'linkCopies'),
      count(*) filter (where e.counter = 'codeCopies'),
      count(*) filter (where e.counter = 'referralClicks'),
      count(*) filter (where e.counter = 'redemptions')
    from e join offer on offer.id = e.offer_id
    group by 1, 2 order by 1, 2
    on conflict (offer_id, day) do update set
      views = offer_daily_stat.views + excluded.views,
      link_copies = offer_daily_stat.link_copies + excluded.link_copies,
      code_copies = offer_daily_stat.code_copies + excluded.code_copies,
      referral_clicks = offer_daily_stat.referral_clicks + excluded.referral_clicks,
      redemptions = offer_daily_stat.redemptions + excluded.redemptions
    returning offer_id),
  added as (
    insert into offer_engagement (offer_id, user_id, first_at)
    select e.offer_id, e.user_id, min(e.occurred_at) from e join offer on offer.id = e.offer_id
    where e.engages and e.user_id is not null
    group by 1, 2 order by 1, 2
    on conflict do nothing returning offer_id),
  gained as (select offer_id, count(*) as n from added group by offer_id),
  raised as (
    update offer set current_uses = offer.current_uses + gained.n from gained where offer.id = gained.offer_id
    returning offer.id)
  select distinct offer_id from counted`;

/**
 * Counts a batch of events in the consumer's transaction, which also records the event id (a redelivered batch
 * counts nothing): one statement, however many events. Events of offers deleted since are skipped.
 */
export async function countActivities({ em, log }: HandlerContext, activities: Activity[]): Promise<void> {
  const json = JSON.stringify(
    activities.map(({ offerId, userId, counter, engages, occurredAt }) => ({
      offer_id: offerId,
      user_id: userId,
      counter,
      engages,
      occurred_at: occurredAt,
    })),
  );
  const counted = new Set((await rows<{ offer_id: string }>(em, COUNT, [json])).map((row) => row.offer_id));
  const skipped = [...new Set(activities.map((a) => a.offerId))].filter((id) => !counted.has(id));
  if (skipped.length) log.info({ offerIds: skipped }, 'activity for deleted offers; skipped');
}
