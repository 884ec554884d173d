import type { EntityManager } from '@mikro-orm/core';
import { affected } from '@tullab/db';
import type { Handler, HandlerContext, Handlers } from '@tullab/events';
import { expiredBody, redeemedBody, verifiedBody } from './bodies';
import { recordDelivery } from './deliveries';
import type { WebhookBody } from './entities';

/**
 * `brand-app.changed` (identity): which app is whose, for the brands' webhooks. An app's brand and mode never change
 * and a revoked app stays revoked, so the changes merge in any order: the same event twice, or an older one late,
 * changes nothing.
 */
export const onBrandAppChanged: Handler<'brand-app.changed'> = async (payload, { em, envelope, log }) => {
  await affected(
    em,
    `insert into brand_app (app_id, brand_id, mode, revoked, changed_at) values (?, ?, ?, ?, ?)
     on conflict (app_id) do update set revoked = brand_app.revoked or excluded.revoked,
       changed_at = greatest(brand_app.changed_at, excluded.changed_at)`,
    [payload.appId, payload.brandId, payload.mode, payload.revoked, envelope.occurredAt],
  );
  log.info(
    { appId: payload.appId, brandId: payload.brandId, revoked: payload.revoked },
    'brand app recorded',
  );
};

/**
 * A webhook delivery of `body` for the app, when its webhook subscribes to the body's type, handed to the queue once
 * the consumer's transaction committed (a handler never calls out before, docs/anatomy.md "An event").
 */
async function deliverToApp(
  appId: string,
  body: WebhookBody | null,
  { em, envelope, log }: HandlerContext,
  enqueue: (deliveryId: string) => Promise<void>,
): Promise<void> {
  const deliveryId = body && (await recordDelivery(em, appId, body, envelope.requestId));
  if (!deliveryId) return;
  (em as EntityManager).getEventManager().registerSubscriber({
    afterTransactionCommit: async () => {
      // a delivery not handed over now is handed over by the requeue task
      await enqueue(deliveryId).catch((err: Error) =>
        log.warn({ deliveryId, err: err.message }, 'webhook delivery not queued; the requeue task will'),
      );
    },
  });
  log.info({ deliveryId, appId, type: body.type }, 'webhook delivery recorded');
}

type WebhookEvents = 'connect.verified' | 'connect.redeemed' | 'connect.verification_expired';

/** The handlers of the events that become brands' webhooks (issue 30 point 5), each with the app's subscription. */
export function webhookHandlers(
  enqueue: (deliveryId: string) => Promise<void>,
): Required<Pick<Handlers, WebhookEvents>> {
  return {
    'connect.verified': (payload, context) =>
      deliverToApp(payload.appId, verifiedBody(payload, context.envelope.occurredAt), context, enqueue),
    'connect.redeemed': (payload, context) =>
      deliverToApp(payload.appId, redeemedBody(payload, context.envelope.occurredAt), context, enqueue),
    'connect.verification_expired': (payload, context) =>
      deliverToApp(payload.appId, expiredBody(payload, context.envelope.occurredAt), context, enqueue),
  };
}
