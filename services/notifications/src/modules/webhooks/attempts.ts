import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { affected } from '@tullab/db';
import { Webhook } from 'standardwebhooks';
import {
  BrandAppSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  type WebhookDelivery,
} from './entities';
import { postWebhook } from './post';
import { openWebhookSecret } from './secrets';

export interface AttemptOptions {
  /** the key the endpoints' secrets are sealed with */
  sealKey: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** Which try this is of its job, and whether it is the job's last. */
export interface Try {
  resend: boolean;
  final: boolean;
}

/** What became of one try: delivered, to be tried again, failed for good, or nothing to send. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

/** What is kept of an error in the log: its code and message, never a body. */
function describeError(err: unknown): string {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  const text = [
    typeof code === 'string' ? code : null,
    typeof message === 'string' && message ? message : null,
  ]
    .filter(Boolean)
    .join(': ');
  return (text || String(err)).slice(0, 500);
}

/** The headers of Standard Webhooks for one try: the delivery's id, the try's time and the signature of both. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** Stores one try and its outcome on the delivery, in one statement each; `delivered` is never undone. */
async function record(
  em: EntityManager,
  delivery: WebhookDelivery,
  tried: {
    at: Date;
    status: number | null;
    error: string | null;
    outcome: AttemptOutcome;
    retryAt: Date | null;
  },
): Promise<void> {
  await affected(
    em,
    `insert into webhook_attempt (id, delivery_id, attempted_at, status, error, duration_ms) values (?, ?, ?, ?, ?, ?)`,
    [randomUUID(), delivery.id, tried.at, tried.status, tried.error, Date.now() - tried.at.getTime()],
  );
  const status = tried.outcome === 'retry' ? 'pending' : tried.outcome;
  await affected(
    em,
    `update webhook_delivery set attempts = attempts + 1, last_status = ?, last_error = ?,
       status = case when status = 'delivered' then status else ? end,
       delivered_at = case when ? = 'delivered' then coalesce(delivered_at, now()) else delivered_at end,
       next_attempt_at = case when status = 'delivered' or ? <> 'pending' then null else ?::timestamptz end
     where id = ?`,
    [tried.status, tried.error, status, status, status, tried.retryAt, delivery.id],
  );
}

/**
 * One try of a delivery (issue 30 point 5, T38): its body POSTed to the app's webhook as it is now, signed with its
 * secret, within the timeout, and recorded in the delivery's log. A 2xx delivers it; anything else is tried again
 * (at about `retryAt`) unless this was the job's last try, which fails it. A delivery already delivered is not sent
 * again but by a resend; one whose webhook was removed, or whose app was revoked, fails without a try.
 */
export async function attemptDelivery(
  em: EntityManager,
  deliveryId: string,
  attempt: Try & { retryAt: Date },
  options: AttemptOptions,
): Promise<{ outcome: AttemptOutcome; delivery: WebhookDelivery | null; status: number | null }> {
  const delivery = await em.findOne(WebhookDeliverySchema, { id: deliveryId });
  if (!delivery || (delivery.status === 'delivered' && !attempt.resend))
    return { outcome: 'skipped', delivery, status: null };
  const app = await em.findOne(BrandAppSchema, { appId: delivery.appId, revoked: false });
  const endpoint = app && (await em.findOne(WebhookEndpointSchema, { appId: delivery.appId }));
  if (!endpoint) {
    await affected(
      em,
      `update webhook_delivery set status = 'failed', last_error = ?, next_attempt_at = null
       where id = ? and status = 'pending'`,
      ['not sent: the app has no webhook any more', delivery.id],
    );
    return { outcome: 'skipped', delivery, status: null };
  }
  const body = JSON.stringify(delivery.payload);
  const at = new Date();
  const headers = signedHeaders(
    openWebhookSecret(options.sealKey, endpoint.sealedSecret),
    delivery.id,
    at,
    body,
  );
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await postWebhook(endpoint.url, headers, body, options);
    if (status < 200 || status > 299) error = `HTTP ${status}`;
  } catch (err) {
    error = describeError(err);
  }
  const outcome: AttemptOutcome = error === null ? 'delivered' : attempt.final ? 'failed' : 'retry';
  await record(em, delivery, {
    at,
    status,
    error,
    outcome,
    retryAt: outcome === 'retry' ? attempt.retryAt : null,
  });
  return { outcome, delivery, status };
}
