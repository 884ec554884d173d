import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { ActivityKind } from '@tullab/events';
import type { Identity, ListQuery } from '@tullab/http';
import type { OffersContext } from '../../context';
import { OfferSchema } from '../offers/entities';
import { OfferDailyStatSchema, type OfferDailyStat } from './entities';

/** S29: the student is the session's, never the body's; visitors and staff count as nobody. */
const studentOf = (actor: Identity) => (actor.role === 'student' ? actor.userId : null);

/**
 * Stores a tracking event for a listed offer (S33: PostgreSQL is the durable write; the relay and the worker do the
 * rest), with the calls that arrive meanwhile (decision 004). Resolves once it is committed; 404 for any other
 * offer; 503 when it cannot be stored, so the client never hears 202 for an event that is lost.
 */
export function recordActivity(
  ctx: OffersContext,
  kind: ActivityKind,
  offerId: string,
  actor: Identity,
): Promise<void> {
  return ctx.tracking.record({ kind, offerId, userId: studentOf(actor) });
}

/** A day's counters as the admin API shows them; the day is the record's id. */
export interface StatRecord {
  id: string;
  day: string;
  views: number;
  linkCopies: number;
  codeCopies: number;
  referralClicks: number;
  redemptions: number;
}

const statRecord = (row: OfferDailyStat): StatRecord => ({
  id: row.day,
  day: row.day,
  views: row.views,
  linkCopies: row.linkCopies,
  codeCopies: row.codeCopies,
  referralClicks: row.referralClicks,
  redemptions: row.redemptions,
});

/** GET /admin/offers/:id/stats: the offer's daily counters, one row per day that had any activity. */
export async function listOfferStats(
  em: EntityManager,
  offerId: string,
  query: ListQuery,
): Promise<{ items: StatRecord[]; total: number }> {
  await em.findOneOrFail(OfferSchema, { id: offerId });
  // parseListQuery breaks ties with `id`; a day is unique per offer, so the day does that here
  const { id: _id, ...orderBy } = query.orderBy;
  const [rows, total] = await em.findAndCount(
    OfferDailyStatSchema,
    { ...(query.where as FilterQuery<OfferDailyStat>), offerId },
    { orderBy: { ...orderBy, day: orderBy.day ?? 'DESC' }, offset: query.offset, limit: query.limit },
  );
  return { items: rows.map(statRecord), total };
}
