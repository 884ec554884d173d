import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { brandAppModes, webhookDeliveryStatuses, type WebhookEventType } from '@tullab/contracts';

/**
 * Which brand app is whose (issue 30 point 5): notifications' copy of identity's apps, kept by `brand-app.changed`, so
 * a brand manages the webhooks of its own apps only. `changedAt` is the newest change applied (an older one arriving
 * late changes nothing).
 */
export const BrandAppSchema = defineEntity({
  name: 'WebhookBrandApp',
  tableName: 'brand_app',
  properties: {
    appId: p.uuid().primary(),
    brandId: p.uuid(),
    mode: p.enum([...brandAppModes]),
    revoked: p.boolean(),
    changedAt: p.datetime(),
  },
});
export type BrandApp = InferEntity<typeof BrandAppSchema>;

/**
 * An app's webhook: where its events go, which ones, and the Standard Webhooks signing secret, sealed with a key
 * derived from INTERNAL_SECRET (AES-256-GCM, T38): it signs every delivery, so it must be
 * recovered, unlike a password or a client secret, which are only compared.
 */
export const WebhookEndpointSchema = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoint',
  properties: {
    appId: p.uuid().primary(),
    brandId: p.uuid(),
    url: p.text(),
    events: p.array().$type<WebhookEventType[]>(),
    sealedSecret: p.text(),
    /** the secret's last four characters, to tell which one a server holds */
    secretHint: p.string(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    secretRotatedAt: p.datetime().nullable(),
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpointSchema>;

/**
 * One event for one app's webhook: its id is the Standard Webhooks `webhook-id` (`msg_…`), the same at every attempt
 * and resend; `payload` is the body sent, `{ type, timestamp, data }`, which names the student only by the app's
 * pairwise subject.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: p.string().primary(),
    appId: p.uuid(),
    brandId: p.uuid(),
    type: p.string().$type<WebhookEventType>(),
    payload: p.json<WebhookBody>(),
    status: p.enum([...webhookDeliveryStatuses]),
    attempts: p.integer(),
    lastStatus: p.integer().nullable(),
    lastError: p.text().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    /** the request that caused the event, for following it across the services' logs */
    requestId: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDeliverySchema>;

/** One POST of a delivery: the portal's delivery log. */
export const WebhookAttemptSchema = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempt',
  properties: {
    id: p.uuid().primary(),
    deliveryId: p.string(),
    attemptedAt: p.datetime(),
    /** the endpoint's HTTP status; null when none came */
    status: p.integer().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
  },
});
export type WebhookAttempt = InferEntity<typeof WebhookAttemptSchema>;

/** A webhook's body, as the Standard Webhooks specification shapes it. */
export interface WebhookBody {
  type: WebhookEventType;
  /** when the event happened (ISO 8601) */
  timestamp: string;
  data: Record<string, string | null>;
}
