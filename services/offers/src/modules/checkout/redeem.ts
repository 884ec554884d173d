import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { CheckoutRedemptionAnswer } from '@tullab/contracts';
import { rows } from '@tullab/db';
import { addToOutbox, openRedemptionToken, type RedemptionTokenClaims } from '@tullab/events';
import { HttpError, type BrandAppCaller } from '@tullab/http';
import type { OffersContext } from '../../context';
import { findBrandOffer } from '../merchant-portal/offers';
import { CheckoutRedemptionSchema, type CheckoutRedemption } from './entities';

/** The app a brand's server called with, and its brand. */
export type CheckoutApp = BrandAppCaller & { brandId: string };

/** What a redeem call answers: 201 for a new redemption, 200 for one an `Idempotency-Key` made before. */
export interface Redeemed {
  status: 200 | 201;
  answer: CheckoutRedemptionAnswer;
}

export const answerOf = (redemption: CheckoutRedemption): CheckoutRedemptionAnswer => ({
  id: redemption.id,
  offerId: redemption.offerId,
  mode: redemption.mode,
  redeemedAt: redemption.createdAt.toISOString(),
});

/** Serialises the calls about one token, or one idempotency key, in the caller's transaction. */
const lock = (em: EntityManager, key: string) =>
  rows(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`checkout:${key}`]);

/** The token's claims, refused as the brand's developer needs to tell apart (docs/errors.md "Checkout (Verify with Tullab)"). */
function claimsFor(secret: string, token: string, app: CheckoutApp): RedemptionTokenClaims {
  const claims = openRedemptionToken(secret, token);
  if (!claims)
    throw new HttpError(400, 'This is not a Tullab redemption token', { code: 'redemption_invalid' });
  if (claims.brandId !== app.brandId || claims.appId !== app.id)
    throw new HttpError(403, "This redemption token was made for another brand's app", {
      code: 'redemption_other_brand',
    });
  return claims;
}

/**
 * Redeems a checkout's redemption token, once (issue 30 point 3): it must open with the services' key, be this app's,
 * not yet redeemed and not expired, and name one of the brand's offers. A call with an `Idempotency-Key` this app
 * used before answers that redemption again when it was for the same token. A live app's redemption is counted as a
 * revealed code is (`offer.redeemed`, in the same transaction); a test app's is kept apart from the funnel. Either is
 * announced to the brand's webhooks (`connect.redeemed`, issue 30 point 5).
 */
export async function redeemCheckoutToken(
  ctx: OffersContext,
  app: CheckoutApp,
  token: string,
  idempotencyKey: string | null,
  requestId: string | null,
): Promise<Redeemed> {
  const claims = claimsFor(ctx.config.INTERNAL_SECRET, token, app);
  return ctx.em.fork().transactional(async (em): Promise<Redeemed> => {
    if (idempotencyKey) await lock(em, `${app.id}:key:${idempotencyKey}`);
    await lock(em, `token:${claims.jti}`);
    if (idempotencyKey) {
      const before = await em.findOne(CheckoutRedemptionSchema, { appId: app.id, idempotencyKey });
      if (before && before.tokenId !== claims.jti)
        throw new HttpError(422, 'This Idempotency-Key was used for another redemption token', {
          code: 'idempotency_key_reused',
        });
      if (before) return { status: 200, answer: answerOf(before) };
    }
    if (await em.count(CheckoutRedemptionSchema, { tokenId: claims.jti }))
      throw new HttpError(409, 'This redemption token was already redeemed', { code: 'redemption_used' });
    if (claims.expiresAt <= Date.now())
      throw new HttpError(410, 'This redemption token has expired', { code: 'redemption_expired' });
    await findBrandOffer(em, app.brandId, claims.offerId);
    const redemption = em.create(CheckoutRedemptionSchema, {
      id: randomUUID(),
      tokenId: claims.jti,
      brandId: app.brandId,
      appId: app.id,
      mode: app.mode,
      offerId: claims.offerId,
      studentId: claims.studentId,
      idempotencyKey,
      createdAt: new Date(),
    });
    if (app.mode === 'live') {
      const event = { offerId: claims.offerId, userId: claims.studentId, redemptionId: redemption.id };
      addToOutbox(em, 'offer.redeemed', event, requestId);
    }
    // the brand's `redemption.created` webhook, in every mode, naming the student by the app's subject only
    addToOutbox(
      em,
      'connect.redeemed',
      {
        appId: app.id,
        brandId: app.brandId,
        mode: app.mode,
        subject: claims.subject,
        redemptionId: redemption.id,
        offerId: claims.offerId,
        redeemedAt: redemption.createdAt.toISOString(),
      },
      requestId,
    );
    await em.flush();
    ctx.log.info({ offerId: claims.offerId, appId: app.id, mode: app.mode }, 'checkout redemption');
    return { status: 201, answer: answerOf(redemption) };
  });
}
