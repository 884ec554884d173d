import { defineService, type RunningService } from '@tullab/runtime';
import { retentionTasks } from '@tullab/retention';
import { ObjectStore } from '@tullab/storage';
import { createApp } from './app';
import type { Config } from './config';
import { contextOf } from './context';
import { entities, migrations } from './db';
import { sweepExpiries } from './modules/expiry/service';
import { seedInstitutions } from './modules/institutions/seed';
import { retentionPolicies } from './modules/retention/policies';
import { createHandlers } from './worker';

/**
 * Starts verification: migrations, the institutions seed and the documents bucket, HTTP on `config.PORT` (0 = any
 * free port), the `verification` worker, the expiry and retention schedules and the outbox relay. `close()` stops all
 * of it gracefully.
 */
export const { spec, startService } = defineService<Config>({
  name: 'verification',
  entities,
  migrations,
  handlers: (deps) => createHandlers(contextOf(deps)),
  createApp,
  prepare: async (deps) => {
    await seedInstitutions(deps.orm.em.fork(), deps.log);
    // A store that is down at start-up is reported by readiness, not fatal: uploads answer 503 until it is back.
    await contextOf(deps)
      .documents.ensureBucket()
      .catch((err: Error) => deps.log.warn({ err: err.message }, 'documents bucket not checked'));
  },
  extraChecks: (config) => [new ObjectStore(config, config.DOCUMENT_BUCKET).readiness()],
  schedules: (deps) => [
    {
      name: 'verification-expiry',
      everyMs: deps.config.VERIFICATION_SWEEP_INTERVAL_MS,
      run: (log, requestId) => sweepExpiries(deps.orm.em, contextOf(deps), log, requestId ?? null),
    },
    ...retentionTasks(deps.orm, retentionPolicies(contextOf(deps)), deps.config.RETENTION_SWEEP_INTERVAL_MS),
  ],
});

export type VerificationService = RunningService<Config>;
