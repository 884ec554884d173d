import { randomUUID } from 'node:crypto';
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import type { CodeImportAnswer, RedeemAnswer } from '@tullab/contracts';
import { HttpError, type Identity, type ListQuery } from '@tullab/http';
import type { OffersContext } from '../../context';
import { withinRate } from '../../http';
import { affected, rows } from '@tullab/db';
import { alertStaff } from '../../staff-alerts';
import { OfferSchema, type Offer } from '../offers/entities';
import { findListedOffer } from '../offers/listing';
import { lockOffer } from '../offers/service';
import { RedemptionSchema, type Redemption } from './entities';
import { claimCode, hasPool, isLowPool, parseCodesCsv, poolCountsOf } from '../code-pool/pool';
import { addToPool } from '../offers/pool-import';
import { mailBrandPoolLow } from '../brands/pool-alert';

/** S32: at most this many redeem calls per student per hour. */
const REDEEMS_PER_HOUR = 30;
const POOL_EXHAUSTED = 'Sorry, this offer has run out of codes. Please check back soon.';

/** Marks an alert as sent, unless it already was (until codes are added again); true for the first. */
const firstAlert = {
  low: 'update offer set low_pool_alerted_at = now() where id = ? and low_pool_alerted_at is null',
  exhausted:
    'update offer set pool_exhausted_alerted_at = now() where id = ? and pool_exhausted_alerted_at is null',
} as const;

/**
 * Alerts staff, and the contact of the offer's brand when it has one, about the offer's code pool, once per `kind`
 * until codes are added (in the caller's transaction).
 */
async function alertOnce(
  em: EntityManager,
  ctx: OffersContext,
  offer: Offer,
  kind: keyof typeof firstAlert,
  alert: { title: string; message: string; codesLeft: number },
  requestId: string | null,
): Promise<void> {
  if (!(await affected(em, firstAlert[kind], [offer.id]))) return;
  const { codesLeft, ...staffAlert } = alert;
  const actionPath = `/admin#/offers/${offer.id}/show`;
  alertStaff(em, ctx.config.SUPPORT_EMAIL, { ...staffAlert, actionPath }, requestId);
  // and the brand's contact, who can upload codes themselves (decision 016)
  await mailBrandPoolLow(em, offer, codesLeft, requestId);
}

/** Tells staff that the pool runs low, in the redeeming transaction. */
async function warnIfLow(em: EntityManager, ctx: OffersContext, offer: Offer, requestId: string | null) {
  if (offer.lowPoolAlertedAt) return;
  const pool = await poolCountsOf(em, offer.id);
  if (!isLowPool(pool)) return;
  await alertOnce(
    em,
    ctx,
    offer,
    'low',
    {
      title: `Codes running low: ${offer.brandName}`,
      message: `"${offer.title}" has ${pool.codesLeft} of ${pool.codesTotal} codes left. Import more before it runs out.`,
      codesLeft: pool.codesLeft,
    },
    requestId,
  );
}

/** Tells staff that a student found the pool empty (the redemption itself stored nothing). */
async function reportExhausted(ctx: OffersContext, offer: Offer, requestId: string | null) {
  await ctx.em.fork().transactional((em) =>
    alertOnce(
      em,
      ctx,
      offer,
      'exhausted',
      {
        title: `Out of codes: ${offer.brandName}`,
        message: `"${offer.title}" has no codes left, so students cannot redeem it. Import more codes.`,
        codesLeft: 0,
      },
      requestId,
    ),
  );
  ctx.log.warn({ offerId: offer.id }, 'code pool exhausted');
}

/**
 * The code a new redemption of a discount offer gives: the next code of its pool when it has one (null when that pool
 * is empty), else the one code every student gets, its own or the one made for it (decision 012).
 */
async function issueCode(
  em: EntityManager,
  ctx: OffersContext,
  offer: Offer,
  pool: boolean,
  userId: string,
  requestId: string | null,
): Promise<string | null> {
  if (!pool) return offer.code ?? offer.generatedCode;
  const claimed = await claimCode(em, offer.id, userId);
  if (claimed) await warnIfLow(em, ctx, offer, requestId);
  return claimed;
}

const answerFor = (offer: Offer, code: string | null): RedeemAnswer =>
  offer.offerType === 'referral' ? { referralLink: offer.referralLink! } : { code: code! };

/**
 * Whether the student's latest redemption is the answer (decision 012): always for an offer that gives every student
 * the same link or code, since another redemption would give nothing new; for a pool, once the student has as many
 * of its codes as the offer allows. A redemption without a code (of the offer when it was a referral) never answers
 * a discount offer.
 */
function reusable(offer: Offer, pool: boolean, latest: Redemption): boolean {
  if (offer.offerType === 'referral') return true;
  if (!latest.code) return false;
  return !pool || latest.sequence >= offer.maxRedemptionsPerStudent;
}

interface Outcome {
  offer: Offer;
  /** null: the pool is empty and the student has no code of it yet (409) */
  answer: RedeemAnswer | null;
  /** the student asked for a code of the pool and it was empty: staff are told */
  exhausted: boolean;
}

/**
 * Redeems a listed offer for an active student (ARCHITECTURE "Public API beyond SPEC §7"). A redemption keeps the code
 * it gave, and asking again answers that redemption (no new row, no new count, decision 012) unless the offer's pool
 * has another code the student may take (`maxRedemptionsPerStudent`); a student whose pool ran out gets the code they
 * have. The redemption and its `offer.redeemed` event are stored together; one student's concurrent calls queue on a
 * lock of their own, so they make one redemption.
 */
export async function redeemOffer(
  ctx: OffersContext,
  offerId: string,
  actor: Identity,
  requestId: string | null,
): Promise<RedeemAnswer> {
  const userId = actor.userId!;
  const tooMany = 'Too many redemptions. Please try again later.';
  await withinRate(ctx.limiter, `redeem:${userId}`, REDEEMS_PER_HOUR, 3600, tooMany);

  const outcome = await ctx.em.fork().transactional(async (em): Promise<Outcome> => {
    const offer = await findListedOffer(em, offerId);
    await rows(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`redeem:${offerId}:${userId}`]);
    const latest = await em.findOne(RedemptionSchema, { offerId, userId }, { orderBy: { sequence: 'DESC' } });
    const pool = offer.offerType === 'discount' && (await hasPool(em, offerId));
    if (latest && reusable(offer, pool, latest))
      return { offer, answer: answerFor(offer, latest.code ?? null), exhausted: false };
    const code =
      offer.offerType === 'referral' ? null : await issueCode(em, ctx, offer, pool, userId, requestId);
    if (offer.offerType === 'discount' && code === null) {
      const kept = latest?.code ? { code: latest.code } : null;
      return { offer, answer: kept, exhausted: true };
    }
    const redemption = em.create(RedemptionSchema, {
      id: randomUUID(),
      offerId,
      userId,
      sequence: (latest?.sequence ?? 0) + 1,
      code,
      createdAt: new Date(),
    });
    addToOutbox(em, 'offer.redeemed', { offerId, userId, redemptionId: redemption.id }, requestId);
    await em.flush();
    ctx.log.info({ offerId, studentId: userId, sequence: redemption.sequence }, 'offer redeemed');
    return { offer, answer: answerFor(offer, code), exhausted: false };
  });

  if (outcome.exhausted) await reportExhausted(ctx, outcome.offer, requestId);
  if (!outcome.answer) throw new HttpError(409, POOL_EXHAUSTED, { code: 'pool_exhausted' });
  return outcome.answer;
}

/**
 * Adds a CSV's codes to a discount offer's pool; staff are alerted again when it next runs low or out. An import that
 * adds codes is audited with how many the pool held before and after, never with the codes.
 */
export async function importCodes(
  em: EntityManager,
  offerId: string,
  csv: string,
  actor: Identity,
  requestId: string | null,
): Promise<CodeImportAnswer> {
  const codes = parseCodesCsv(csv);
  return em.transactional(async (tx) => {
    const offer = await lockOffer(tx, offerId);
    const { added, pool } = await addToPool(tx, offer, codes, actor, requestId);
    await tx.flush();
    return { added, duplicates: codes.length - added, ...pool, lowPool: isLowPool(pool) };
  });
}

/** A redemption as staff see it, with the offer it belongs to. */
export interface RedemptionRecord {
  id: string;
  offerId: string;
  offerTitle: string | null;
  brandName: string | null;
  userId: string;
  code: string | null;
  sequence: number;
  createdAt: Date;
}

export async function listRedemptions(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: RedemptionRecord[]; total: number }> {
  const [rows, total] = await em.findAndCount(RedemptionSchema, query.where as FilterQuery<Redemption>, {
    orderBy: query.orderBy,
    offset: query.offset,
    limit: query.limit,
  });
  const offers = new Map(
    (await em.find(OfferSchema, { id: { $in: [...new Set(rows.map((row) => row.offerId))] } })).map(
      (offer) => [offer.id, offer],
    ),
  );
  const items = rows.map((row) => ({
    id: row.id,
    offerId: row.offerId,
    offerTitle: offers.get(row.offerId)?.title ?? null,
    brandName: offers.get(row.offerId)?.brandName ?? null,
    userId: row.userId,
    code: row.code ?? null,
    sequence: row.sequence,
    createdAt: row.createdAt,
  }));
  return { items, total };
}
