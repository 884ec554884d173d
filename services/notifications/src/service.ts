import type { Logger } from '@tullab/http';
import {
  retentionTasks,
  startService as start,
  type RunningService,
  type ServiceSpec,
} from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';
import { contextOf } from './context';
import { entities, migrations } from './db';
import { retentionPolicies } from './modules/retention/policies';
import { createHandlers } from './worker';

/**
 * Notifications as a `@tullab/runtime` service: its tables, the `email.requested` consumer, the HTTP app, and the
 * mail dispatcher as background work (started after the consumer; the runtime stops it after `worker.close()` and
 * before the relay, queues and ORM, letting the mails being sent finish).
 */
export const spec: ServiceSpec<Config> = {
  name: 'notifications',
  entities,
  migrations,
  handlers: (deps) => createHandlers(contextOf(deps)),
  createApp,
  schedules: (deps) =>
    retentionTasks(deps.orm, retentionPolicies(deps.config), deps.config.RETENTION_SWEEP_INTERVAL_MS),
  startBackground: async (deps) => {
    const { dispatcher } = contextOf(deps);
    dispatcher.start();
    return () => dispatcher.stop();
  },
};

export type NotificationsService = RunningService<Config>;

/**
 * Starts notifications (decision 001): ORM + migrations → HTTP on `config.PORT` (0 = any free port) → consumer →
 * mail dispatcher, plus the outbox relay. `close()` stops HTTP, the consumer, the dispatcher, the relay, the queues
 * and the ORM, in that order.
 */
export const startService = (config: Config, log?: Logger): Promise<NotificationsService> =>
  start(spec, config, log);
