import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { type ActivityKind, type OfferStatAnswer, type StatField, statFields } from '@tullab/contracts';
import type { Identity, ListQuery } from '@tullab/http';
import type { OffersContext } from '../../context';
import { OfferSchema } from '../offers/entities';
import { actorOf } from './actors';
import { OfferDailyStatSchema, type OfferDailyStat } from './entities';

/**
 * Stores a tracking event for a listed offer (S33: PostgreSQL is the durable write; the relay and the worker do the
 * rest), with the calls that arrive meanwhile (decision 004), and who made it (decision 008). Resolves once it is
 * committed; 404 for any other offer; 503 when it cannot be stored, so the client never hears 202 for an event that
 * is lost.
 */
export function recordActivity(
  ctx: OffersContext,
  kind: ActivityKind,
  offerId: string,
  caller: Identity,
  requestId: string | null,
): Promise<void> {
  const at = new Date();
  return ctx.tracking.record({
    kind,
    offerId,
    ...actorOf(caller, ctx.visitorKey, at),
    occurredAt: at.toISOString(),
    requestId,
  });
}

/** A day's counts as the admin API shows them (decision 008); the day is the record's id. */
const statRecord = (row: OfferDailyStat): OfferStatAnswer => ({
  id: row.day,
  day: row.day,
  ...(Object.fromEntries(statFields.map((field) => [field, row[field]])) as Record<StatField, number>),
});

/** GET /admin/offers/:id/stats: the offer's daily counters, one row per day that had any activity. */
export async function listOfferStats(
  em: EntityManager,
  offerId: string,
  query: ListQuery,
): Promise<{ items: OfferStatAnswer[]; total: number }> {
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
