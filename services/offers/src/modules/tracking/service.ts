import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity, type ListQuery } from '@tullab/http';
import type { OffersContext } from '../../context';
import { OfferSchema } from '../offers/entities';
import { findListedOffer } from '../offers/service';
import { OfferDailyStatSchema, type OfferDailyStat } from './entities';

/** The tracking events a call can record (the redemption's own event is written by the redemption). */
export type ActivityEvent =
  'offer.viewed' | 'offer.link_shared' | 'offer.code_copied' | 'offer.referral_clicked';

/** S29: the student is the session's, never the body's; visitors and staff count as nobody. */
const studentOf = (actor: Identity) => (actor.role === 'student' ? actor.userId : null);

/**
 * Stores a tracking event in the outbox (S33: PostgreSQL is the durable write; the relay and the worker do the rest)
 * for a listed offer. 404 for any other offer; 503 when it cannot be stored, so the client never hears 202 for an
 * event that is lost.
 */
export async function recordActivity(
  ctx: OffersContext,
  name: ActivityEvent,
  offerId: string,
  actor: Identity,
  requestId: string | null,
): Promise<void> {
  try {
    await ctx.em.fork().transactional(async (em) => {
      await findListedOffer(em, offerId);
      addToOutbox(em, name, { offerId, userId: studentOf(actor) }, requestId);
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    ctx.log.error({ err, event: name, offerId }, 'tracking event not stored');
    throw new HttpError(503, 'Tracking is unavailable right now. Please try again later.');
  }
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
