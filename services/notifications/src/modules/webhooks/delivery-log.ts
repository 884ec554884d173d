import { LockMode, type EntityManager } from '@mikro-orm/core';
import { WEBHOOK_DELIVERIES_LISTED, webhookMessages, type WebhookDeliveryAnswer } from '@tullab/contracts';
import { HttpError } from '@tullab/http';
import { brandAppOf } from './endpoints';
import {
  WebhookAttemptSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  type WebhookAttempt,
  type WebhookDelivery,
} from './entities';
import type { WebhookQueue } from './queue';

export function toDeliveryAnswer(
  delivery: WebhookDelivery,
  attempts: WebhookAttempt[],
): WebhookDeliveryAnswer {
  return {
    id: delivery.id,
    type: delivery.type,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus ?? null,
    lastError: delivery.lastError ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    log: attempts.map((attempt) => ({
      at: attempt.attemptedAt.toISOString(),
      status: attempt.status ?? null,
      error: attempt.error ?? null,
      durationMs: attempt.durationMs,
    })),
  };
}

/** The attempts of these deliveries, oldest first, by delivery. */
async function attemptsOf(em: EntityManager, ids: string[]): Promise<Map<string, WebhookAttempt[]>> {
  const attempts = ids.length
    ? await em.find(WebhookAttemptSchema, { deliveryId: { $in: ids } }, { orderBy: { attemptedAt: 'asc' } })
    : [];
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const attempt of attempts)
    byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return byDelivery;
}

/** GET /merchant/apps/:id/webhook/deliveries: the app's last deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  em: EntityManager,
  brandId: string,
  appId: string,
): Promise<WebhookDeliveryAnswer[]> {
  await brandAppOf(em, brandId, appId);
  const deliveries = await em.find(
    WebhookDeliverySchema,
    { appId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: WEBHOOK_DELIVERIES_LISTED },
  );
  const attempts = await attemptsOf(
    em,
    deliveries.map((delivery) => delivery.id),
  );
  return deliveries.map((delivery) => toDeliveryAnswer(delivery, attempts.get(delivery.id) ?? []));
}

/**
 * POST /merchant/apps/:id/webhook/deliveries/:deliveryId/resend: one more try now, with the same `webhook-id`, to
 * the app's webhook as it is now (its URL and secret). A failed delivery is pending again until that try ends; a
 * delivered one stays delivered, whatever the try gives (the log shows it). 409 when the app has no webhook.
 */
export async function resendDelivery(
  em: EntityManager,
  queue: WebhookQueue,
  brandId: string,
  appId: string,
  deliveryId: string,
): Promise<WebhookDeliveryAnswer> {
  const delivery = await em.transactional(async (tx) => {
    await brandAppOf(tx, brandId, appId);
    if (!(await tx.count(WebhookEndpointSchema, { appId })))
      throw new HttpError(409, webhookMessages.notFound);
    const found = await tx.findOne(
      WebhookDeliverySchema,
      { id: deliveryId, appId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!found) throw new HttpError(404, webhookMessages.deliveryNotFound);
    if (found.status !== 'delivered') Object.assign(found, { status: 'pending', nextAttemptAt: new Date() });
    return found;
  });
  await queue.resend(delivery.id);
  const attempts = await attemptsOf(em, [delivery.id]);
  return toDeliveryAnswer(delivery, attempts.get(delivery.id) ?? []);
}
