import { AsyncResource } from 'node:async_hooks';
import { RateLimiter } from '@tullab/http';
import { createServiceApp, retentionRoutes, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';
import { contactAdminRoutes } from './modules/contact-messages/admin-routes';
import { contactRoutes } from './modules/contact-messages/routes';
import { retentionPolicies } from './modules/retention/policies';
import { emailAdminRoutes } from './modules/emails/admin-routes';
import { personalDataRoutes } from './modules/personal-data/routes';

/**
 * Notifications' HTTP API: `GET /healthz`, `GET /readyz` (PostgreSQL and Redis, never SMTP: mail waits, it is not
 * lost) unsigned; `POST /contact` and the staff `/admin/contact-messages`, `/admin/emails` and `/admin/retention/*`
 * behind the signed identity header like everything else.
 */
export function createApp(deps: ServiceDeps<Config>) {
  const { config, log, orm } = deps;
  const limiter = new RateLimiter(deps.redis, log, `${config.QUEUE_PREFIX}:rl`);
  // bound here, so the relay pass never runs inside a request's context (its RequestContext EntityManager)
  const relayNow = AsyncResource.bind(() => void deps.relay.runOnce());
  return createServiceApp(deps, (app) => {
    app.use(
      contactRoutes({
        em: orm.em,
        limiter,
        onStored: relayNow,
        log,
        supportEmail: config.SUPPORT_EMAIL,
        limit: config.CONTACT_RATE_LIMIT,
        windowSeconds: config.CONTACT_RATE_WINDOW_SECONDS,
      }),
    );
    app.use(contactAdminRoutes(orm.em));
    app.use(retentionRoutes(orm.em, retentionPolicies(config), log));
    app.use(personalDataRoutes(orm.em, { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL }));
    app.use(
      emailAdminRoutes({
        em: orm.em,
        log,
        context: { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL },
      }),
    );
  });
}
