import { defineService, type RunningService } from '@tullab/runtime';
import { retentionTasks } from '@tullab/retention';
import { createApp } from './app';
import type { Config } from './config';
import { contextOf } from './context';
import { entities, migrations } from './db';
import { retentionPolicies } from './modules/retention/policies';
import { createHandlers } from './worker';

/**
 * Notifications as a `@tullab/runtime` service (decision 001): ORM + migrations → HTTP on `config.PORT` (0 = any free
 * port) → the `email.requested` consumer → the mail dispatcher as background work, plus the outbox relay. `close()`
 * stops HTTP, the consumer, the dispatcher (letting the mails being sent finish), the relay, the queues and the ORM,
 * in that order.
 */
export const { spec, startService } = defineService<Config>({
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
});

export type NotificationsService = RunningService<Config>;
