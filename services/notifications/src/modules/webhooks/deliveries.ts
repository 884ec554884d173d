import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { BrandAppSchema, WebhookDeliverySchema, WebhookEndpointSchema, type WebhookBody } from './entities';

/** A Standard Webhooks message id: `msg_` and 32 hex digits, unique per delivery. */
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * A delivery of `body` to the app's webhook, in the caller's unit of work, when the app has one that subscribes to the
 * body's type and its brand has not revoked it; null otherwise. Pending and due now: the caller hands it to the
 * webhooks queue once committed.
 */
export async function recordDelivery(
  em: EntityManager,
  appId: string,
  body: WebhookBody,
  requestId: string | null,
): Promise<string | null> {
  const app = await em.findOne(BrandAppSchema, { appId, revoked: false });
  const endpoint = app && (await em.findOne(WebhookEndpointSchema, { appId }));
  if (!app || !endpoint?.events.includes(body.type)) return null;
  const now = new Date();
  const delivery = em.create(WebhookDeliverySchema, {
    id: newMessageId(),
    appId,
    brandId: app.brandId,
    type: body.type,
    payload: body,
    status: 'pending',
    attempts: 0,
    lastStatus: null,
    lastError: null,
    nextAttemptAt: now,
    deliveredAt: null,
    requestId,
    createdAt: now,
  });
  return delivery.id;
}
