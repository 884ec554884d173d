import type { Logger } from '@tullab/http';
import {
  retentionTasks,
  startService as start,
  type RunningService,
  type ServiceSpec,
} from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';
import { entities, migrations } from './db';
import { startDispatcher, type Dispatcher } from './modules/emails/dispatcher';
import { createMailer } from './modules/emails/mailer';
import { retentionPolicies } from './modules/retention/policies';
import { createHandlers } from './worker';

export interface NotificationsService extends RunningService<Config> {
  /** the mail dispatcher (tests may `runOnce()` it instead of waiting for its poll) */
  dispatcher: Dispatcher;
}

/**
 * Notifications as a `@tullab/runtime` service: its tables, the `email.requested` consumer, the HTTP app, and the
 * mail dispatcher as background work (started after the consumer; the runtime stops it after `worker.close()` and
 * before the relay, queues and ORM, letting the mails being sent finish).
 */
export function createSpec(config: Config): ServiceSpec<Config> & { dispatcher(): Dispatcher | undefined } {
  let dispatcher: Dispatcher | undefined;
  return {
    name: 'notifications',
    entities,
    migrations,
    handlers: createHandlers({
      internalSecret: config.INTERNAL_SECRET,
      onEmailRecorded: () => dispatcher?.nudge(),
    }),
    createApp,
    schedules: (deps) =>
      retentionTasks(deps.orm, retentionPolicies(config), config.RETENTION_SWEEP_INTERVAL_MS),
    async startBackground(deps) {
      const { log } = deps;
      dispatcher = startDispatcher({
        orm: deps.orm,
        mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
        log,
        internalSecret: config.INTERNAL_SECRET,
        context: { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL },
        intervalMs: config.MAIL_DISPATCH_INTERVAL_MS,
        batchSize: config.MAIL_DISPATCH_BATCH,
        leaseMs: config.MAIL_CLAIM_LEASE_MS,
        retryBaseMs: config.MAIL_RETRY_BASE_MS,
        retryMaxMs: config.MAIL_RETRY_MAX_MS,
      });
      const started = dispatcher;
      return () => started.stop();
    },
    dispatcher: () => dispatcher,
  };
}

/**
 * Starts notifications (decision 001): ORM + migrations → HTTP on `config.PORT` (0 = any free port) → consumer →
 * mail dispatcher, plus the outbox relay. `close()` stops HTTP, the consumer, the dispatcher, the relay, the queues
 * and the ORM, in that order.
 */
export async function startService(config: Config, log?: Logger): Promise<NotificationsService> {
  const spec = createSpec(config);
  const running = await start(spec, config, log);
  const dispatcher = spec.dispatcher();
  if (!dispatcher) throw new Error('notifications: the mail dispatcher did not start');
  return Object.assign(running, { dispatcher });
}
