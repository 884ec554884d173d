import { Router } from 'express';
import { accounts, accountsAdmin, identityInternal } from '@tullab/contracts';
import { bindRoute, requireRole, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, requestCookies } from '../sessions/cookies';
import { students } from '../students/service';
import { deleteAccount, deleteOwnAccount } from './erasure';
import { exportFor } from './export';

/**
 * A student's rights over their data (UAE PDPL, decision 009): deleting their own account, an admin deleting one on
 * request, and identity's part of the JSON export the gateway assembles (asked for by the student or an admin).
 */
export function personalDataRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, accounts.routes.deleteAccount, async ({ body }, req, res) => {
    await deleteOwnAccount(em, ctx, body, req.identity, requestIdOf(req));
    requestCookies(res, clearCookie('sid'));
    return { message: 'Your account and personal data have been deleted.' };
  });

  bindRoute(router, accountsAdmin.routes.deleteStudent, async ({ params, body }, req) => {
    const user = await deleteAccount(em, ctx, params.id, req.identity, requestIdOf(req), body.reason);
    return students.toRecord(user, null);
  });

  bindRoute(
    router,
    identityInternal.routes.personalData,
    async ({ body }, req) => exportFor(em, body.userId, req.identity, requestIdOf(req)),
    { guard: requireRole('student', 'admin') },
  );

  return router;
}
