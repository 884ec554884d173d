import { createServiceApp, type ServiceDeps } from '@tullab/runtime';
import { retentionRoutes } from '@tullab/retention';
import type { Config } from './config';
import { contextOf } from './context';
import { contactAdminRoutes } from './modules/contact-messages/admin-routes';
import { contactRoutes } from './modules/contact-messages/routes';
import { emailAdminRoutes } from './modules/emails/admin-routes';
import { personalDataRoutes } from './modules/personal-data/routes';
import { retentionPolicies } from './modules/retention/policies';
import { webhookRoutes } from './modules/webhooks/routes';

/**
 * Notifications' HTTP API: `GET /healthz`, `GET /readyz` (PostgreSQL and Redis, never SMTP: mail waits, it is not
 * lost) unsigned; `POST /contact` and the staff `/admin/contact-messages`, `/admin/emails` and `/admin/retention/*`
 * behind the signed identity header like everything else.
 */
export function createApp(deps: ServiceDeps<Config>) {
  const ctx = contextOf(deps);
  return createServiceApp(deps, (app) => {
    app.use(contactRoutes(ctx));
    app.use(contactAdminRoutes(ctx));
    app.use(retentionRoutes(ctx.em, retentionPolicies(ctx.config), ctx.log));
    app.use(personalDataRoutes(ctx));
    app.use(emailAdminRoutes(ctx));
    app.use(webhookRoutes(ctx));
  });
}
