import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import { requestLog, type Logger } from '@tullab/http';
import type { Config } from './config';
import { healthRouter } from './modules/health';
import { jobsRouter } from './modules/jobs';
import { apiProxy, type Upstreams } from './modules/proxy';
import {
  bodyDeadline,
  csrfGuard,
  gatewayErrorHandler,
  noStore,
  notFoundJson,
  securityHeaders,
} from './modules/security';
import { cookiePolicy, resolveCaller } from './modules/sessions';
import { staticApps } from './modules/static';

export interface AppDeps {
  config: Config;
  log: Logger;
  /** the gateway's own fail-fast Redis connection (readiness) */
  redis: Redis;
  upstreams: Upstreams;
  isShuttingDown: () => boolean;
}

/**
 * The gateway's Express app, without listen. Order: request id + log → security headers → body deadline →
 * /api: no-store → healthz/readyz → CSRF → the failed-jobs admin API → proxy (route, method, body type and size, session, forward) →
 * the built apps → JSON 404 → error handler.
 */
export function createApp(deps: AppDeps): Express {
  const { config, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Client addresses come from the socket unless TRUST_PROXY names the proxies in front (S35).
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(requestLog(log));
  app.use(securityHeaders(config.PUBLIC_URL));
  app.use(bodyDeadline());

  app.use('/api', noStore);
  app.use('/api', healthRouter(deps.redis, deps.upstreams, deps.isShuttingDown));
  app.use('/api', csrfGuard(config.PUBLIC_URL));
  const sessions = {
    upstreams: deps.upstreams,
    policy: cookiePolicy(config.PUBLIC_URL),
    internalSecret: config.INTERNAL_SECRET,
    log,
  };
  app.use(
    '/api',
    jobsRouter({
      redis: deps.redis,
      prefix: config.QUEUE_PREFIX,
      log,
      resolveCaller: (req, res) => resolveCaller(sessions, req, res),
    }),
  );
  app.use('/api', apiProxy({ ...sessions, timeoutMs: config.UPSTREAM_TIMEOUT_MS }));

  app.use(staticApps({ studentDir: config.STUDENT_WEB_DIR, adminDir: config.ADMIN_WEB_DIR }));
  app.use(notFoundJson);
  app.use(gatewayErrorHandler(log));
  return app;
}
