import { createServiceApp, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';
import { institutionRoutes } from './modules/institutions/routes';

/**
 * Verification's HTTP API, behind the gateway (which strips `/api`): so far the staff `institutions` resource.
 * `/healthz` and `/readyz` are unsigned; everything else needs the signed identity header (@tullab/runtime).
 */
export function createApp(deps: ServiceDeps<Config>) {
  return createServiceApp(
    {
      log: deps.log,
      orm: deps.orm,
      internalSecret: deps.config.INTERNAL_SECRET,
      checks: deps.checks,
      isShuttingDown: deps.isShuttingDown,
    },
    (app) => {
      app.use(institutionRoutes(deps.orm.em, deps.log));
    },
  );
}
