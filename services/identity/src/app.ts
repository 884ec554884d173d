import { identityAuditLog, identityInternal } from '@tullab/contracts';
import { answerAfter } from '@tullab/http';
import { auditLogRoutes } from '@tullab/audit-log';
import { createServiceApp, type ServiceDeps } from '@tullab/runtime';
import type { Config } from './config';
import { contextOf } from './context';
import { authRoutes } from './modules/auth/routes';
import { brandAppRoutes, connectedBrandRoutes, connectRoutes } from './modules/connect/routes';
import { merchantRoutes } from './modules/merchants/routes';
import { mfaRoutes } from './modules/mfa/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { personalDataRoutes } from './modules/personal-data/routes';
import { profileRoutes } from './modules/profiles/routes';
import { sessionRoutes } from './modules/sessions/routes';
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
  const ctx = contextOf(deps);
  return createServiceApp(deps, (app) => {
    // decision 005: a change is answered once the gateways have heard of it (resolution only ends dead sessions)
    app.use(
      answerAfter(
        () => ctx.sessionChanges.settled(),
        (req) => req.path === identityInternal.routes.resolveSession.path,
      ),
    );
    app.use(connectRoutes(ctx));
    app.use(sessionRoutes(ctx));
    app.use(authRoutes(ctx));
    app.use(userRoutes(ctx));
    app.use(mfaRoutes(ctx));
    app.use(passwordResetRoutes(ctx));
    app.use(profileRoutes(ctx));
    app.use(verificationReceiptRoutes(ctx));
    app.use(studentAdminRoutes(ctx));
    app.use(personalDataRoutes(ctx));
    app.use(staffRoutes(ctx));
    app.use(merchantRoutes(ctx));
    app.use(brandAppRoutes(ctx));
    app.use(connectedBrandRoutes(ctx));
    app.use(auditLogRoutes(ctx.em, identityAuditLog));
  });
}
