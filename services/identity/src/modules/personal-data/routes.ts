import { Router } from 'express';
import { requireRole, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, requestCookies } from '../sessions/cookies';
import { students } from '../students/service';
import { deleteAccount, deleteOwnAccount } from './erasure';
import { exportFor } from './export';
import { accountIdParams, adminDeleteBody, deleteAccountBody, personalDataBody } from '@tullab/contracts';

/** The gateway's call for identity's part of an export (decision 009); never routed from outside. */
export const PERSONAL_DATA_PATH = '/internal/personal-data';

/**
 * A student's rights over their data (UAE PDPL, decision 009): deleting their own account, an admin deleting one on
 * request, and identity's part of the JSON export the gateway assembles.
 */
export function personalDataRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/students/delete-account', requireRole('student'), async (req, res) => {
    const body = deleteAccountBody.parse(req.body);
    await deleteOwnAccount(em, ctx, body, req.identity, requestIdOf(req));
    requestCookies(res, clearCookie('sid'));
    res.json({ message: 'Your account and personal data have been deleted.' });
  });

  router.post('/admin/students/:id/delete', requireRole('admin'), async (req, res) => {
    const { id } = accountIdParams.parse(req.params);
    const { reason } = adminDeleteBody.parse(req.body ?? {});
    const user = await deleteAccount(em, ctx, id, req.identity, requestIdOf(req), reason);
    res.json(students.toRecord(user, null));
  });

  router.post(PERSONAL_DATA_PATH, requireRole('student', 'admin'), async (req, res) => {
    const { userId } = personalDataBody.parse(req.body);
    res.json(await exportFor(em, userId, req.identity, requestIdOf(req)));
  });

  return router;
}
