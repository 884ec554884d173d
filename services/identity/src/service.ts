import { defineService, type RunningService } from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';
import { contextOf } from './context';
import { entities, migrations } from './db';
import { ensureFirstAdmin } from './modules/staff/first-admin';
import { createHandlers } from './worker';

/**
 * Starts identity: migrations, first admin, HTTP on `config.PORT` (0 = any free port), the `identity` worker and
 * the outbox relay. `close()` stops all of it gracefully.
 */
export const { spec, startService } = defineService<Config>({
  name: 'identity',
  entities,
  migrations,
  handlers: (deps) => createHandlers(contextOf(deps)),
  createApp,
  startBackground: async (deps) => {
    const { sessionChanges } = contextOf(deps);
    return () => sessionChanges.stop();
  },
  prepare: ({ orm, config, log }) =>
    ensureFirstAdmin(orm.em, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log),
});

export type IdentityService = RunningService<Config>;
