import { createServiceApp, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';

/** Offers's HTTP API. Its routes arrive with the offers issue; until then it answers health checks and 404s. */
export function createApp(deps: ServiceDeps<Config>) {
  return createServiceApp(
    {
      log: deps.log,
      orm: deps.orm,
      internalSecret: deps.config.INTERNAL_SECRET,
      checks: deps.checks,
      isShuttingDown: deps.isShuttingDown,
    },
    () => undefined,
  );
}
