import { defineService, type RunningService } from '@tullab/runtime';
import { retentionTasks } from '@tullab/retention';
import { createApp } from './app';
import type { Config } from './config';
import { contextOf } from './context';
import { entities, migrations } from './db';
import { retentionPolicies } from './modules/retention/policies';
import { startWebhookDeliverer } from './modules/webhooks/deliverer';
import { requeueTask } from './modules/webhooks/requeue';
import { createHandlers } from './worker';

/**
 * Notifications as a `@tullab/runtime` service (decision 001): ORM + migrations → HTTP on `config.PORT` (0 = any free
 * port) → the events' consumer → the mail dispatcher and the webhooks' deliverer as background work, plus the outbox
 * relay. `close()` stops HTTP, the consumer, the dispatcher (letting the mails being sent finish), the deliverer
 * (letting the tries under way finish), the relay, the queues and the ORM, in that order.
 */
export const { spec, startService } = defineService<Config>({
  name: 'notifications',
  entities,
  migrations,
  handlers: (deps) => createHandlers(contextOf(deps)),
  createApp,
  schedules: (deps) => [
    ...retentionTasks(deps.orm, retentionPolicies(deps.config), deps.config.RETENTION_SWEEP_INTERVAL_MS),
    requeueTask(
      deps.orm,
      contextOf(deps).webhooks,
      deps.config.WEBHOOK_REQUEUE_INTERVAL_MS,
      deps.config.WEBHOOK_REQUEUE_AFTER_MS,
    ),
  ],
  startBackground: async (deps) => {
    const { config, log, orm } = deps;
    const { dispatcher, webhookKey, webhooks } = contextOf(deps);
    dispatcher.start();
    const deliverer = startWebhookDeliverer({
      orm,
      log,
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      sealKey: webhookKey,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    });
    return async () => {
      await dispatcher.stop();
      await deliverer.close();
      await webhooks.close();
    };
  },
});

export type NotificationsService = RunningService<Config>;
