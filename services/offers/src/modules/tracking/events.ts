import type { HandlerContext } from '@tullab/events';
import { type ActivityEvent, type ActivityKind, tallies, trackedCounters } from '@tullab/contracts';
import { rows } from '@tullab/db';

/** The daily counters. */
type Counter = (typeof trackedCounters)[number] | 'redemptions';

/** One event to count (decision 008). */
export interface Activity {
  offerId: string;
  /** the student who made it, counted once a day per offer and counter */
  userId: string | null;
  /** the visitor's address, hashed for the day: counted once a day per offer and counter */
  visitor: string | null;
  counter: Counter;
  /** makes its student one of the offer's `currentUses` (once per student) */
  engages: boolean;
  /** ISO time the event happened; its day (Asia/Dubai) is the one it counts on */
  occurredAt: string;
}

/** What each tracking call counts as; a copied code or a click-through also makes an active student a user of it. */
const countedAs: Record<ActivityKind, Pick<Activity, 'counter' | 'engages'>> = {
  viewed: { counter: 'views', engages: false },
  link_shared: { counter: 'linkCopies', engages: false },
  code_copied: { counter: 'codeCopies', engages: true },
  referral_clicked: { counter: 'referralClicks', engages: true },
};

/** A tracking event as the worker counts it: only an active student raises `currentUses`. */
export function activityOf({ kind, offerId, userId, active, visitor, occurredAt }: ActivityEvent): Activity {
  const { counter, engages } = countedAs[kind];
  return { offerId, userId, visitor, counter, engages: engages && active, occurredAt };
}

/**
 * How many days (today in the UAE and the ones before) the worker remembers whom it counted: the relay re-sends an
 * event for 24 hours at most, so a late event still finds its day's students and visitors. Older events count in
 * all calls only, and the rows of older days are forgotten every hour (`forget.ts`).
 */
export const COUNTED_DAYS = 3;

/** The column of `offer_daily_stat` of a field of the entity (MikroORM's naming). */
const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A counter's students, visitors or calls in a day, from the rows of `tally` (0 when there are none). */
const sumOf = (tally: (typeof tallies)[number], counter: Counter | 'any') =>
  `coalesce(sum(${tally.toLowerCase()}) filter (where counter = '${counter}'), 0)`;

/** Each column of `offer_daily_stat` and what it adds up: the tracked counters three ways, the redemptions' calls. */
const sums = [
  ...trackedCounters.flatMap((counter) =>
    tallies.map((tally) => ({ column: column(`${counter}${tally}`), sum: sumOf(tally, counter) })),
  ),
  { column: 'redemptions', sum: sumOf('Calls', 'redemptions') },
  // distinct students who did anything with the offer that day, redemptions included (decision 016)
  { column: 'students', sum: sumOf('Students', 'any') },
];

/**
 * One statement, however many events (they are its first parameter, as rows of `jsonb_to_recordset`); events of
 * offers deleted since are left out:
 * - `firsts` records, for each tracked counter, the students and visitors not yet counted on the event's offer and
 *   day (`offer_daily_actor`: `s:<user id>` or `v:<address hash>`) within the last COUNTED_DAYS days (its second
 *   parameter), and each student once more under the counter `any`, whatever they did (redemptions included), for
 *   the day's distinct students (decision 016); otherwise redemptions, staff and older events are not looked at;
 * - `counted` adds every call and those firsts to their offers' daily counters, one row per offer and day
 *   (Asia/Dubai), in key order (so that concurrent batches lock rows in the same order);
 * - `added` records an active student's first redemption, copy or click-through of an offer, and `raised` adds one
 *   to the offer's `currentUses` for each;
 * and it answers the offers counted.
 */
const COUNT = `with e as materialized (
    select e.offer_id, (e.occurred_at at time zone 'Asia/Dubai')::date as day, e.counter, e.user_id, e.engages,
      e.occurred_at,
      case when e.counter <> 'redemptions' then coalesce('s:' || e.user_id, 'v:' || e.visitor) end as actor
    from jsonb_to_recordset(?::jsonb)
      as e(offer_id uuid, user_id uuid, visitor text, counter text, engages boolean, occurred_at timestamptz)
    join offer on offer.id = e.offer_id),
  firsts as (
    insert into offer_daily_actor (day, offer_id, counter, actor)
    select distinct day, offer_id, counter, actor from (
      select day, offer_id, counter, actor from e where actor is not null
      union all
      select day, offer_id, 'any', 's:' || user_id from e where user_id is not null) as a
    where day > (now() at time zone 'Asia/Dubai')::date - ?::int
    order by 1, 2, 3, 4
    on conflict do nothing
    returning offer_id, day, counter, actor),
  tally as (
    select offer_id, day, counter, count(*) as calls, 0 as students, 0 as visitors from e group by 1, 2, 3
    union all
    select offer_id, day, counter, 0,
      count(*) filter (where actor like 's:%'), count(*) filter (where actor like 'v:%')
    from firsts group by 1, 2, 3),
  counted as (
    insert into offer_daily_stat (offer_id, day, ${sums.map((s) => s.column).join(', ')})
    select offer_id, day, ${sums.map((s) => s.sum).join(', ')}
    from tally group by 1, 2 order by 1, 2
    on conflict (offer_id, day) do update set
      ${sums.map((s) => `${s.column} = offer_daily_stat.${s.column} + excluded.${s.column}`).join(', ')}
    returning offer_id),
  added as (
    insert into offer_engagement (offer_id, user_id, first_at)
    select offer_id, user_id, min(occurred_at) from e
    where engages and user_id is not null
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
    activities.map(({ offerId, userId, visitor, counter, engages, occurredAt }) => ({
      offer_id: offerId,
      user_id: userId,
      visitor,
      counter,
      engages,
      occurred_at: occurredAt,
    })),
  );
  const counted = new Set(
    (await rows<{ offer_id: string }>(em, COUNT, [json, COUNTED_DAYS])).map((row) => row.offer_id),
  );
  const skipped = [...new Set(activities.map((a) => a.offerId))].filter((id) => !counted.has(id));
  if (skipped.length) log.info({ offerIds: skipped }, 'activity for deleted offers; skipped');
}
