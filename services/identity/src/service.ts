import type { Logger } from '@tullab/http';
import { startService as start, type RunningService, type ServiceSpec } from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';
import { identityContext } from './context';
import { entities, migrations } from './db';
import { ensureFirstAdmin } from './modules/staff/first-admin';
import { handlers } from './worker';

export const spec: ServiceSpec<Config> = {
  name: 'identity',
  entities,
  migrations,
  handlers: () => handlers,
  createApp,
  startBackground: async (deps) => {
    const { sessionChanges } = identityContext(deps);
    return () => sessionChanges.stop();
  },
  prepare: ({ orm, config, log }) =>
    ensureFirstAdmin(orm.em, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log),
};

export type IdentityService = RunningService<Config>;

/**
 * Starts identity: migrations, first admin, HTTP on `config.PORT` (0 = any free port), the `identity` worker and
 * the outbox relay. `close()` stops all of it gracefully.
 */
export const startService = (config: Config, log?: Logger): Promise<IdentityService> =>
  start(spec, config, log);
