import { createServiceApp, type ServiceDeps } from '@tullab/runtime';
import { retentionRoutes } from '@tullab/retention';
import type { Config } from './config';
import { contextOf } from './context';
import { documentRoutes } from './modules/documents/routes';
import { emailCodeRoutes } from './modules/email-codes/routes';
import { institutionRoutes } from './modules/institutions/routes';
import { personalDataRoutes } from './modules/personal-data/routes';
import { retentionPolicies } from './modules/retention/policies';
import { reviewRoutes } from './modules/reviews/routes';
import { statusRoutes } from './modules/students/routes';

/**
 * Verification's HTTP API, behind the gateway (which strips `/api`): the student's e-mail code and document routes,
 * their status, and the staff review, institutions, audit-log and document retention resources. `/healthz` and
 * `/readyz` are unsigned; everything else needs the signed identity header (@tullab/runtime).
 */
export function createApp(deps: ServiceDeps<Config>) {
  const ctx = contextOf(deps);
  return createServiceApp(deps, (app) => {
    app.use(statusRoutes(ctx));
    app.use(emailCodeRoutes(ctx));
    app.use(documentRoutes(ctx));
    app.use(reviewRoutes(ctx));
    app.use(institutionRoutes(ctx));
    app.use(personalDataRoutes(ctx));
    app.use(retentionRoutes(ctx.em, retentionPolicies(ctx), ctx.log));
  });
}
