import { AsyncResource } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/core';
import type { Redis } from 'ioredis';
import { deriveKey } from '@tullab/http';
import { RateLimiter } from '@tullab/rate-limits';
import type { Logger } from '@tullab/log';
import { serviceContext, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';
import { createDispatcher, type Dispatcher } from './modules/emails/dispatcher';
import { createMailer } from './modules/emails/mailer';
import type { RenderContext } from './modules/emails/templates';
import { createWebhookQueue, type WebhookQueue } from './modules/webhooks/queue';

/** What notifications' routes, worker and background work share; one per running service. */
export interface NotificationsContext {
  config: Config;
  log: Logger;
  /** the request-scoped EntityManager (RequestContext) in routes; fork it elsewhere */
  em: EntityManager;
  redis: Redis;
  /** contact messages per signed-in user, or per address for visitors */
  limiter: RateLimiter;
  /** what every rendered mail links to */
  render: RenderContext;
  /** hands a stored message's e-mail to the queue now rather than at the relay's next tick */
  relayNow: () => void;
  /** sends recorded mail; started as background work, nudged by the consumer (tests may `runOnce()` it) */
  dispatcher: Dispatcher;
  /** seals brand apps' webhook signing secrets (T38): recoverable to sign, never readable from a database dump alone */
  webhookKey: string;
  /** the queue of webhook deliveries (issue 30 point 5); its worker runs as background work */
  webhooks: WebhookQueue;
}

/** The context of a running service (its app, worker and background work share it). */
export const contextOf = serviceContext((deps: ServiceDeps<Config>): NotificationsContext => {
  const { config, log, orm, redis } = deps;
  const render = { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL };
  const failures = deps.metrics.counter(
    'mail_delivery_failures_total',
    'Failed attempts to send an e-mail: temporary (retried) or permanent (never sent)',
    ['kind'],
  );
  return {
    config,
    log,
    em: orm.em,
    redis,
    limiter: new RateLimiter(redis, log, `${config.QUEUE_PREFIX}:rl`),
    render,
    // bound here, so the relay pass never runs inside a request's context (its RequestContext EntityManager)
    relayNow: AsyncResource.bind(() => void deps.relay.runOnce()),
    dispatcher: createDispatcher({
      orm,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
      log,
      internalSecret: config.INTERNAL_SECRET,
      context: render,
      intervalMs: config.MAIL_DISPATCH_INTERVAL_MS,
      batchSize: config.MAIL_DISPATCH_BATCH,
      leaseMs: config.MAIL_CLAIM_LEASE_MS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
      countFailure: (kind) => failures.inc({ kind }),
    }),
    webhookKey: deriveKey(config.INTERNAL_SECRET, 'notifications', 'webhook-secrets-v1'),
    webhooks: createWebhookQueue({
      connection: redis,
      prefix: config.QUEUE_PREFIX,
      log,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    }),
  };
});
