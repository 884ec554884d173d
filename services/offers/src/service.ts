import { defineService, type RunningService } from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';
import { contextOf } from './context';
import { entities, migrations } from './db';
import { logoStore } from './modules/logos/store';
import { listenForChanges } from './modules/offers/catalogue';
import { expiryTask } from './modules/offers/expiry';
import { savedOffersEndingTask } from './modules/saved/service';
import { forgetCountedTask } from './modules/tracking/forget';
import { createHandlers } from './worker';

/**
 * Starts offers: migrations, the logo bucket, HTTP on `config.PORT` (0 = any free port), the `offers` worker, the
 * expiry and forgetting schedules, the catalogue's change listener and the outbox relay. `close()` stops all of it
 * gracefully.
 */
export const { spec, startService } = defineService<Config>({
  name: 'offers',
  entities,
  migrations,
  handlers: (deps) => createHandlers(contextOf(deps)),
  createApp,
  extraChecks: (config) => [logoStore(config).readiness()],
  /** the logo bucket (a store that is down is reported by readiness, not fatal) */
  async prepare(deps) {
    const ctx = contextOf(deps);
    await ctx.store
      .ensureBucket()
      .catch((err: Error) => deps.log.warn({ err: err.message }, 'logo bucket not ready'));
  },
  schedules: (deps) => [
    expiryTask(contextOf(deps)),
    forgetCountedTask(contextOf(deps)),
    savedOffersEndingTask(contextOf(deps)),
  ],
  startBackground: async (deps) => listenForChanges(deps, contextOf(deps).catalogue),
});

export type OffersService = RunningService<Config>;
