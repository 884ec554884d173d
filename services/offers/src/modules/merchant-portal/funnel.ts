import type { EntityManager } from '@mikro-orm/core';
import type { Funnel, FunnelDay } from '@tullab/contracts';
import { rows } from '@tullab/db';
import { findBrandOffer } from './offers';
import { daysOf, type DayRange } from './range';

/** The figures of a day, as the funnel sums them. */
type Figures = Omit<FunnelDay, 'day'>;
const figureNames = [
  'views',
  'reveals',
  'codeCopies',
  'referralClicks',
  'redemptions',
  'students',
  'orders',
  'revenue',
] as const;
const zero = (): Figures => ({
  views: 0,
  reveals: 0,
  codeCopies: 0,
  referralClicks: 0,
  redemptions: 0,
  students: 0,
  orders: 0,
  revenue: 0,
});

/**
 * The offers a figure is about: the one named (404 unless it is the brand's), or every offer of the brand, deleted ones
 * included, since their history is still the brand's.
 */
export async function offersInScope(em: EntityManager, brandId: string, offerId: string | null) {
  if (offerId) return [(await findBrandOffer(em, brandId, offerId)).id];
  const found = await rows<{ id: string }>(em, 'select id from offer where brand_id = ?', [brandId]);
  return found.map((row) => row.id);
}

/**
 * The daily counters (decision 008): people, not calls, students and visitors together. `students` are the day's
 * distinct students of each offer, summed over the offers.
 */
const COUNTERS = `select to_char(day, 'YYYY-MM-DD') as day,
    sum(views_students + views_visitors) as views,
    sum(code_copies_students + code_copies_visitors) as "codeCopies",
    sum(referral_clicks_students + referral_clicks_visitors) as "referralClicks",
    sum(redemptions) as redemptions,
    sum(students) as students
  from offer_daily_stat where offer_id in (?) and day between ?::date and ?::date group by day`;

/** Students whose first redemption of an offer (its reveal) was that day (Asia/Dubai). */
const REVEALS = `select to_char((created_at at time zone 'Asia/Dubai')::date, 'YYYY-MM-DD') as day,
    count(*) as reveals
  from redemption
  where offer_id in (?) and sequence = 1
    and (created_at at time zone 'Asia/Dubai')::date between ?::date and ?::date
  group by 1`;

/**
 * The orders checkouts of one mode reported (issue 30 point 4) on the day they were reported (Asia/Dubai), and their
 * amounts in fils, summed exactly (AED at the end).
 */
const ORDERS = `select to_char((created_at at time zone 'Asia/Dubai')::date, 'YYYY-MM-DD') as day,
    count(*) as orders, sum(amount_fils) as revenue
  from checkout_order
  where offer_id in (?) and (created_at at time zone 'Asia/Dubai')::date between ?::date and ?::date and mode = ?
  group by 1`;

/**
 * What test apps' checkouts redeemed, per day: a test funnel has nothing else (students' views, reveals and copies are
 * live by nature), and a live checkout's redemptions are in the counters already (`offer.redeemed`).
 */
const TEST_REDEMPTIONS = `select to_char((created_at at time zone 'Asia/Dubai')::date, 'YYYY-MM-DD') as day,
    count(*) as redemptions
  from checkout_redemption
  where offer_id in (?) and (created_at at time zone 'Asia/Dubai')::date between ?::date and ?::date and mode = 'test'
  group by 1`;

/**
 * The brand's funnel (issue 16, decision 016; in test mode, its test apps' checkouts only, issue 30): one row per day of the range, zeros for a day without activity, of one
 * offer or of all the brand's offers summed, with the totals of the range.
 */
export async function brandFunnel(em: EntityManager, brandId: string, range: DayRange): Promise<Funnel> {
  const offerIds = await offersInScope(em, brandId, range.offerId);
  const byDay = new Map(daysOf(range).map((day) => [day, zero()]));
  if (offerIds.length) {
    const params = [offerIds, range.from, range.to];
    // each query answers some of the figures of a day: the counters, the reveals, the orders
    const queries = range.mode === 'live' ? [COUNTERS, REVEALS] : [TEST_REDEMPTIONS];
    const found = [
      ...(await Promise.all(queries.map((query) => rows<Record<string, string | null>>(em, query, params)))),
      await rows<Record<string, string | null>>(em, ORDERS, [...params, range.mode]),
    ].flat();
    for (const { day, ...row } of found) {
      const figures = byDay.get(day!);
      for (const name of figureNames) if (figures && row[name] != null) figures[name] = Number(row[name]);
    }
  }
  // revenue is summed in fils, so that the days and the total are exact; AED in the answer
  const totals = {
    views: 0,
    reveals: 0,
    codeCopies: 0,
    referralClicks: 0,
    redemptions: 0,
    orders: 0,
    revenue: 0,
  };
  for (const figures of byDay.values())
    for (const name of Object.keys(totals) as Array<keyof typeof totals>) totals[name] += figures[name];
  const days = [...byDay].map(([day, figures]) => ({ day, ...figures, revenue: figures.revenue / 100 }));
  return {
    from: range.from,
    to: range.to,
    offerId: range.offerId,
    mode: range.mode,
    days,
    totals: { ...totals, revenue: totals.revenue / 100 },
  };
}
