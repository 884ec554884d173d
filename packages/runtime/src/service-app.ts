import { RequestContext, type MikroORM } from '@mikro-orm/core';
import express, { type Express, type RequestHandler } from 'express';
import {
  errorHandler,
  healthRoutes,
  notFound,
  requestLog,
  requireSignedIdentity,
  type Logger,
  type ReadinessCheck,
} from '@tullab/http';

export interface ServiceAppOptions {
  log: Logger;
  orm: MikroORM;
  internalSecret: string;
  checks: ReadinessCheck[];
  isShuttingDown: () => boolean;
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * The middleware order every service uses (CONVENTIONS "Inside a service"): request id + log → health (unsigned)
 * → JSON body → signed identity → a request-scoped EntityManager → the service's routes → 404 → error handler.
 */
export function createServiceApp(options: ServiceAppOptions, mountRoutes: (app: Express) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(options.log));
  app.use(healthRoutes(options.checks, options.isShuttingDown));
  app.use(noStore);
  app.use(express.json({ limit: '100kb' }));
  app.use(requireSignedIdentity(options.internalSecret));
  app.use((_req, _res, next) => RequestContext.create(options.orm.em, next));
  mountRoutes(app);
  app.use(notFound);
  app.use(errorHandler(options.log));
  return app;
}
