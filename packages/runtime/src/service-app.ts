import { RequestContext } from '@mikro-orm/core';
import express, { type Express, type RequestHandler } from 'express';
import {
  errorHandler,
  healthRoutes,
  metricsRoute,
  notFound,
  requestLog,
  requestMetrics,
  requireSignedIdentity,
} from '@tullab/http';
import type { ServiceConfig, ServiceDeps } from './service';

/** What the app needs of a running service (its `ServiceDeps`). */
export type ServiceAppDeps = Pick<
  ServiceDeps<ServiceConfig>,
  'name' | 'log' | 'orm' | 'checks' | 'isShuttingDown' | 'config' | 'metrics'
>;

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * The middleware order every service uses (CONVENTIONS "Inside a service"): request id + log → `GET /metrics`
 * (unsigned, not counted; docs/metrics.md) → answers counted by route → health (unsigned) → JSON body → signed identity addressed to this service → a request-scoped EntityManager → the service's routes
 * → 404 → error handler.
 */
export function createServiceApp(deps: ServiceAppDeps, mountRoutes: (app: Express) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(deps.log));
  app.get('/metrics', metricsRoute(deps.metrics.registry));
  app.use(requestMetrics(deps.metrics));
  app.use(healthRoutes(deps.checks, deps.isShuttingDown));
  app.use(noStore);
  app.use(express.json({ limit: '100kb' }));
  app.use(requireSignedIdentity(deps.config.INTERNAL_SECRET, deps.name));
  app.use((_req, _res, next) => RequestContext.create(deps.orm.em, next));
  mountRoutes(app);
  app.use(notFound);
  app.use(errorHandler(deps.log));
  return app;
}
