import { answerAfter } from '@tullab/http';
import { auditLogRoutes, createServiceApp, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';
import { identityContext } from './context';
import { mfaRoutes } from './modules/mfa/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { personalDataRoutes } from './modules/personal-data/routes';
import { profileRoutes } from './modules/profiles/routes';
import { RESOLVE_PATH, sessionRoutes } from './modules/sessions/routes';
import { staffRoutes } from './modules/staff/routes';
import { studentAdminRoutes } from './modules/students/routes';
import { userRoutes } from './modules/users/routes';
import { verificationReceiptRoutes } from './modules/verification-receipts/routes';

/**
 * Identity's HTTP API, behind the gateway (which strips `/api`). `/healthz` and `/readyz` are unsigned; everything
 * else needs the signed identity header, answers JSON with `Cache-Control: no-store`, and runs in its own
 * EntityManager context (the shared middleware order of @tullab/runtime).
 */
export function createApp(deps: ServiceDeps<Config>) {
  const ctx = identityContext(deps);
  const em = deps.orm.em;
  return createServiceApp(deps, (app) => {
    // decision 005: a change is answered once the gateways have heard of it (resolution only ends dead sessions)
    app.use(
      answerAfter(
        () => ctx.sessionChanges.settled(),
        (req) => req.path === RESOLVE_PATH,
      ),
    );
    app.use(sessionRoutes(em, ctx));
    app.use(userRoutes(em, ctx));
    app.use(mfaRoutes(em, ctx));
    app.use(passwordResetRoutes(em, ctx));
    app.use(profileRoutes(em));
    app.use(verificationReceiptRoutes(em, ctx));
    app.use(studentAdminRoutes(em, ctx));
    app.use(personalDataRoutes(em, ctx));
    app.use(staffRoutes(em, ctx));
    app.use(auditLogRoutes(em, '/admin/identity-audit-log', 'identity-audit-log'));
  });
}
