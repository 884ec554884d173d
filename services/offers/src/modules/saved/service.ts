import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox, type ScheduledTask } from '@tullab/events';
import { HttpError } from '@tullab/http';
import type { Logger } from '@tullab/log';
import type { OffersContext } from '../../context';
import { affected, rows } from '@tullab/db';
import { findListedOffer } from '../offers/listing';

/** A student keeps at most this many offers saved (the catalogue is small; this bounds the list). */
export const MAX_SAVED = 500;

/**
 * Saves a listed offer for the student (idempotent: saving it again changes nothing, and keeps when it was first
 * saved and whether its reminder was sent). 404 for an offer that is not in the catalogue; 409 past MAX_SAVED.
 */
export async function saveOffer(em: EntityManager, userId: string, offerId: string): Promise<void> {
  await findListedOffer(em, offerId);
  const [{ count }] = await rows<{ count: string }>(
    em,
    'select count(*) from saved_offer where user_id = ? and removed_at is null and offer_id <> ?',
    [userId, offerId],
  );
  if (Number(count) >= MAX_SAVED)
    throw new HttpError(409, `You can keep up to ${MAX_SAVED} saved offers. Remove some first.`, {
      code: 'saved_limit',
    });
  // an offer removed after its reminder comes back with it (decision 014): the reminder is never sent twice
  await affected(
    em,
    `insert into saved_offer (user_id, offer_id) values (?, ?)
     on conflict (user_id, offer_id) do update set removed_at = null,
       saved_at = case when saved_offer.removed_at is null then saved_offer.saved_at else now() end`,
    [userId, offerId],
  );
}

/**
 * Forgets a saved offer (idempotent). Any offer id is accepted, so an offer that ended can still be removed. A row
 * whose reminder was sent stays, marked removed, so that saving the offer again sends none.
 */
export async function unsaveOffer(em: EntityManager, userId: string, offerId: string): Promise<void> {
  const params = [userId, offerId];
  await affected(
    em,
    'delete from saved_offer where user_id = ? and offer_id = ? and ending_mailed_at is null',
    params,
  );
  await affected(
    em,
    'update saved_offer set removed_at = now() where user_id = ? and offer_id = ? and removed_at is null',
    params,
  );
}

/** The ids of the student's saved offers that are in the catalogue now, most recently saved first. */
export async function savedOfferIds(em: EntityManager, userId: string): Promise<string[]> {
  const found = await rows<{ offer_id: string }>(
    em,
    `select s.offer_id from saved_offer s join offer o on o.id = s.offer_id
      where s.user_id = ? and s.removed_at is null
        and o.status = 'live' and (o.expires_at is null or o.expires_at > now())
      order by s.saved_at desc, s.offer_id`,
    [userId],
  );
  return found.map((row) => row.offer_id);
}

/** A saved offer ending within this many days is announced (once) to its student. */
export const ENDING_WITHIN_DAYS = 3;
const BATCH = 200;

interface Ending {
  user_id: string;
  offer_id: string;
  title: string;
  title_ar: string | null;
  brand_name: string;
  expires_at: Date;
}

/**
 * Publishes `saved-offer.ending` for every saved offer that is live and ends within ENDING_WITHIN_DAYS and whose
 * student was not told yet. Each batch marks its rows (`ending_mailed_at`) and stores their events in one
 * transaction; rows another run is marking are skipped (SKIP LOCKED), so a repeated or overlapping run publishes
 * nothing twice. The events carry `requestId`, the scheduled run's. Answers how many were published.
 */
export async function announceEndingSavedOffers(
  em: EntityManager,
  requestId: string | null,
  now = new Date(),
): Promise<number> {
  let total = 0;
  for (;;) {
    const published = await em.fork().transactional(async (tx) => {
      const due = await rows<Ending>(
        tx,
        `update saved_offer s set ending_mailed_at = ?
           from offer o
          where o.id = s.offer_id
            and (s.user_id, s.offer_id) in (
              select s2.user_id, s2.offer_id from saved_offer s2 join offer o2 on o2.id = s2.offer_id
               where s2.ending_mailed_at is null and s2.removed_at is null and o2.status = 'live'
                 and o2.expires_at > ? and o2.expires_at <= ?::timestamptz + make_interval(days => ?)
               order by o2.expires_at, s2.user_id limit ? for update of s2 skip locked)
        returning s.user_id, s.offer_id, o.title, o.title_ar, o.brand_name, o.expires_at`,
        [now, now, now, ENDING_WITHIN_DAYS, BATCH],
      );
      for (const row of due) {
        addToOutbox(
          tx,
          'saved-offer.ending',
          {
            userId: row.user_id,
            offerId: row.offer_id,
            title: row.title,
            titleAr: row.title_ar,
            brandName: row.brand_name,
            expiresAt: new Date(row.expires_at).toISOString(),
          },
          requestId,
        );
      }
      await tx.flush();
      return due.length;
    });
    total += published;
    if (published < BATCH) return total;
  }
}

/** Every hour: the saved offers that end within three days are announced to their students (decision 014). */
export function savedOffersEndingTask(ctx: OffersContext): ScheduledTask {
  return {
    name: 'saved-offers-ending',
    everyMs: 3_600_000,
    async run(log: Logger, requestId?: string) {
      const announced = await announceEndingSavedOffers(ctx.em, requestId ?? null);
      if (announced) log.info({ announced }, 'saved offers ending soon announced');
    },
  };
}
