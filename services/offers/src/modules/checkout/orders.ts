import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { CheckoutOrderAnswer, ReportOrderBody } from '@tullab/contracts';
import { HttpError } from '@tullab/http';
import type { OffersContext } from '../../context';
import { CheckoutOrderSchema, CheckoutRedemptionSchema, type CheckoutOrder } from './entities';
import type { CheckoutApp } from './redeem';

/** What a report answers: 201 for a new order, 200 for the same report again. */
export interface Reported {
  status: 200 | 201;
  answer: CheckoutOrderAnswer;
}

const answerOf = (order: CheckoutOrder): CheckoutOrderAnswer => ({
  id: order.id,
  redemptionId: order.redemptionId,
  reference: order.reference,
  amount: order.amountFils / 100,
  currency: 'AED',
  reportedAt: order.createdAt.toISOString(),
});

const conflict = (message: string) => new HttpError(409, message, { code: 'order_conflict' });

/**
 * Records the order a checkout redemption brought (issue 30 point 4): one per redemption of this app, its reference
 * unique per app; the same report again answers the order again, a different one is 409 `order_conflict`. Calls about
 * one redemption queue on its row.
 */
export async function reportCheckoutOrder(
  ctx: OffersContext,
  app: CheckoutApp,
  body: ReportOrderBody,
): Promise<Reported> {
  const amountFils = Math.round(body.amount * 100);
  return ctx.em.fork().transactional(async (em): Promise<Reported> => {
    const redemption = await em.findOne(
      CheckoutRedemptionSchema,
      { id: body.redemptionId, appId: app.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!redemption) throw new HttpError(404, 'This app has no redemption with this id');
    const existing = await em.findOne(CheckoutOrderSchema, { redemptionId: redemption.id });
    if (existing) {
      if (existing.reference === body.reference && existing.amountFils === amountFils)
        return { status: 200, answer: answerOf(existing) };
      throw conflict('This redemption already has an order with another reference or amount');
    }
    if (await em.count(CheckoutOrderSchema, { appId: app.id, reference: body.reference }))
      throw conflict('This order reference was reported for another redemption');
    const order = em.create(CheckoutOrderSchema, {
      id: randomUUID(),
      redemptionId: redemption.id,
      brandId: app.brandId,
      appId: app.id,
      mode: app.mode,
      offerId: redemption.offerId,
      reference: body.reference,
      amountFils,
      currency: body.currency,
      createdAt: new Date(),
    });
    await em.flush();
    return { status: 201, answer: answerOf(order) };
  });
}
