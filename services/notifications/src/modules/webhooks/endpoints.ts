import { LockMode, type EntityManager } from '@mikro-orm/core';
import { recordAudit } from '@tullab/audit-log';
import {
  webhookMessages,
  type PutWebhookBody,
  type WebhookEndpointAnswer,
  type WebhookWithSecret,
} from '@tullab/contracts';
import { HttpError, type Caller } from '@tullab/http';
import { BrandAppSchema, WebhookEndpointSchema, type BrandApp, type WebhookEndpoint } from './entities';
import { newWebhookSecret, sealWebhookSecret, secretHintOf } from './secrets';

/** The audit log's name for webhooks (notifications' audit log, `resource`; the app's id is the `resourceId`). */
export const WEBHOOKS_RESOURCE = 'webhooks';
export const APP_NOT_FOUND = 'App not found';

/** Who changes an app's webhook: the brand, its merchant, and the request (for the audit log). */
export interface WebhookChanger {
  brandId: string;
  actor: Caller;
  requestId: string | null;
}

/** The brand's app `appId`, not revoked, as `brand-app.changed` told notifications; another brand's is 404. */
export async function brandAppOf(em: EntityManager, brandId: string, appId: string): Promise<BrandApp> {
  const app = await em.findOne(BrandAppSchema, { appId, brandId, revoked: false });
  if (!app) throw new HttpError(404, APP_NOT_FOUND);
  return app;
}

export function toWebhookAnswer(endpoint: WebhookEndpoint): WebhookEndpointAnswer {
  return {
    appId: endpoint.appId,
    url: endpoint.url,
    events: endpoint.events,
    secretHint: endpoint.secretHint,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    secretRotatedAt: endpoint.secretRotatedAt?.toISOString() ?? null,
  };
}

/** GET /merchant/apps/:id/webhook */
export async function getWebhook(
  em: EntityManager,
  brandId: string,
  appId: string,
): Promise<WebhookEndpointAnswer> {
  await brandAppOf(em, brandId, appId);
  const endpoint = await em.findOne(WebhookEndpointSchema, { appId });
  if (!endpoint) throw new HttpError(404, webhookMessages.notFound);
  return toWebhookAnswer(endpoint);
}

/** The app's webhook, locked for the caller's transaction; 404 when the app has none. */
async function lockedWebhook(tx: EntityManager, by: WebhookChanger, appId: string): Promise<WebhookEndpoint> {
  await brandAppOf(tx, by.brandId, appId);
  const endpoint = await tx.findOne(
    WebhookEndpointSchema,
    { appId },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  if (!endpoint) throw new HttpError(404, webhookMessages.notFound);
  return endpoint;
}

/**
 * PUT /merchant/apps/:id/webhook: a new webhook with its signing secret, shown this once, or the URL and events of
 * the one the app has (its secret stays). A live app's URL is https:// (a test app's may be http://, for a shop on the
 * developer's computer). Audited with what changed.
 */
export function putWebhook(
  em: EntityManager,
  sealKey: string,
  by: WebhookChanger,
  appId: string,
  body: PutWebhookBody,
): Promise<WebhookWithSecret> {
  return em.transactional(async (tx) => {
    const app = await brandAppOf(tx, by.brandId, appId);
    if (app.mode === 'live' && !body.url.startsWith('https://'))
      throw new HttpError(400, webhookMessages.liveUrl, { errors: { url: webhookMessages.liveUrl } });
    const endpoint = await tx.findOne(
      WebhookEndpointSchema,
      { appId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const audit = { resource: WEBHOOKS_RESOURCE, resourceId: appId };
    const now = new Date();
    if (endpoint) {
      const changes = {
        url: { from: endpoint.url, to: body.url },
        events: { from: endpoint.events, to: body.events },
      };
      Object.assign(endpoint, { url: body.url, events: body.events, updatedAt: now });
      recordAudit(tx, by.actor, by.requestId, { ...audit, action: 'update', changes });
      return { webhook: toWebhookAnswer(endpoint), secret: null };
    }
    const secret = newWebhookSecret();
    const made = tx.create(WebhookEndpointSchema, {
      appId,
      brandId: by.brandId,
      url: body.url,
      events: body.events,
      sealedSecret: sealWebhookSecret(sealKey, secret),
      secretHint: secretHintOf(secret),
      createdAt: now,
      updatedAt: now,
      secretRotatedAt: null,
    });
    const changes = { url: { from: null, to: body.url }, events: { from: null, to: body.events } };
    recordAudit(tx, by.actor, by.requestId, { ...audit, action: 'create', changes });
    return { webhook: toWebhookAnswer(made), secret };
  });
}

/** POST /merchant/apps/:id/webhook/rotate-secret: a new signing secret, shown once; the old one signs nothing more. */
export function rotateWebhookSecret(
  em: EntityManager,
  sealKey: string,
  by: WebhookChanger,
  appId: string,
): Promise<WebhookWithSecret> {
  return em.transactional(async (tx) => {
    const endpoint = await lockedWebhook(tx, by, appId);
    const secret = newWebhookSecret();
    const now = new Date();
    Object.assign(endpoint, {
      sealedSecret: sealWebhookSecret(sealKey, secret),
      secretHint: secretHintOf(secret),
      secretRotatedAt: now,
      updatedAt: now,
    });
    recordAudit(tx, by.actor, by.requestId, {
      action: 'rotate-secret',
      resource: WEBHOOKS_RESOURCE,
      resourceId: appId,
    });
    return { webhook: toWebhookAnswer(endpoint), secret };
  });
}

/** DELETE /merchant/apps/:id/webhook: nothing more is sent; the deliveries stay in the log. */
export function removeWebhook(em: EntityManager, by: WebhookChanger, appId: string): Promise<void> {
  return em.transactional(async (tx) => {
    const endpoint = await lockedWebhook(tx, by, appId);
    tx.remove(endpoint);
    recordAudit(tx, by.actor, by.requestId, {
      action: 'remove',
      resource: WEBHOOKS_RESOURCE,
      resourceId: appId,
      changes: { url: { from: endpoint.url, to: null }, events: { from: endpoint.events, to: null } },
    });
  });
}
