import compression from 'compression';
import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import { requestLog, requestMetrics, type ProcessMetrics } from '@tullab/http';
import type { Logger } from '@tullab/log';
import type { Config } from './config';
import { apiDocsRouter } from './modules/api-docs';
import type { CatalogueCache } from './modules/catalogue';
import { connectButtonScript } from './modules/connect-button';
import { healthRouter } from './modules/health';
import { jobsRouter } from './modules/jobs';
import { routeFallback } from './modules/metrics';
import { crawlerFiles } from './modules/pages';
import { personalDataRouter } from './modules/personal-data';
import { apiProxy, connectProxy } from './modules/proxy';
import type { Upstreams } from './modules/upstreams';
import {
  bodyDeadline,
  csrfGuard,
  gatewayErrorHandler,
  noStore,
  notFoundJson,
  securityHeaders,
} from './modules/security';
import { cookiePolicy, resolveCaller, type SessionCache } from './modules/sessions';
import { staticApps } from './modules/static';
import { trackingCalls, type TrackingBatches } from './modules/tracking';

export interface AppDeps {
  config: Config;
  log: Logger;
  /** the gateway's own fail-fast Redis connection (readiness) */
  redis: Redis;
  upstreams: Upstreams;
  /** resolved sessions and the public catalogue, kept while their broadcasts are heard (decision 005) */
  sessions: SessionCache;
  catalogue: CatalogueCache;
  /** tracking calls on their way to offers (decision 006), shared with the fast path */
  trackingBatches: TrackingBatches;
  /** answers counted by route, served on the metrics port (docs/metrics.md) */
  metrics: ProcessMetrics;
  isShuttingDown: () => boolean;
}

/**
 * The gateway's Express app, without listen. Order: request id + log → answers counted → security headers → body deadline →
 * /api: no-store → CSRF → tracking calls, in batches → healthz/readyz → compression of JSON answers → the API
 * reference (docs/api.md) → the kept catalogue → the failed-jobs admin API → the personal-data exports (decision 009) → proxy (route, method, body type and size, session, forward) →
 * the "Verify with Tullab" button's script for brands' pages (issue 30 point 6) → the OpenID Connect provider's paths (decision 019) →
 * robots.txt and sitemap.xml → the built apps (pre-compressed files; the student app's pages with their heads and
 * offers' previews, issue 13) → JSON 404 → error handler.
 */
export function createApp(deps: AppDeps): Express {
  const { config, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Client addresses come from the socket unless TRUST_PROXY names the proxies in front (S35).
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(requestLog(log));
  app.use(requestMetrics(deps.metrics, routeFallback));
  app.use(securityHeaders(config.PUBLIC_URL));
  app.use(bodyDeadline());

  app.use('/api', noStore);
  app.use('/api', csrfGuard(config.PUBLIC_URL));
  const sessions = {
    upstreams: deps.upstreams,
    sessions: deps.sessions,
    policy: cookiePolicy(config.PUBLIC_URL),
    internalSecret: config.INTERNAL_SECRET,
    log,
  };
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  // small answers that nothing below has to see (decision 006)
  app.use('/api', trackingCalls({ ...sessions, batches: deps.trackingBatches }));
  app.use('/api', healthRouter(deps.redis, deps.upstreams, deps.isShuttingDown));
  // br or gzip for text answers of 1 kB and more; answers that arrive encoded (the kept catalogue) pass untouched
  app.use('/api', compression({ threshold: 1024 }));
  app.use('/api', apiDocsRouter({ publicUrl: config.PUBLIC_URL }));
  app.use('/api', deps.catalogue.route);
  app.use(
    '/api',
    jobsRouter({
      redis: deps.redis,
      prefix: config.QUEUE_PREFIX,
      log,
      resolveCaller: (req, res) => resolveCaller(sessions, req, res),
    }),
  );
  app.use(
    '/api',
    personalDataRouter({
      upstreams: deps.upstreams,
      internalSecret: config.INTERNAL_SECRET,
      log,
      timeoutMs,
      resolveCaller: (req, res) => resolveCaller(sessions, req, res),
    }),
  );
  app.use('/api', apiProxy({ ...sessions, timeoutMs }));
  // before the student app's pages, whose /connect/:uid would take it for an interaction
  app.use(connectButtonScript(config.CONNECT_BUTTON_FILE));
  // the OpenID Connect provider's protocol paths, passed to identity as they are (decision 019)
  app.use(connectProxy({ ...sessions, timeoutMs, publicUrl: config.PUBLIC_URL }));

  const pages = {
    studentDir: config.STUDENT_WEB_DIR,
    publicUrl: config.PUBLIC_URL,
    catalogue: deps.catalogue,
  };
  app.use(crawlerFiles(pages));
  app.use(staticApps({ ...pages, adminDir: config.ADMIN_WEB_DIR, merchantDir: config.MERCHANT_WEB_DIR }));
  app.use(notFoundJson);
  app.use(gatewayErrorHandler(log));
  return app;
}
