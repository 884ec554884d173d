import { Router } from 'express';
import { parseListQuery, requireRole, sendList, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { accountRoutes } from '../accounts/routes';
import { listAccounts } from '../accounts/service';
import { accountIdParams, changeRoleBody, invitationEnrolmentBody, inviteStaffBody } from '@tullab/contracts';
import { acceptInvitationBody } from '../users/password-policy';
import { listStaffOptions } from './schemas';
import { acceptInvitation, inviteStaff, startInvitationEnrolment } from './invitations';
import { changeRole, messages, staff, staffGuard } from './service';

/**
 * The console's staff (`/api/admin/staff`, ra-data-simple-rest) for admins only, and accepting an invitation: the
 * accept page asks for the authenticator key first, then sends the password with a code.
 */
export function staffRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/auth/accept-invitation/enrollment', async (req, res) => {
    const body = invitationEnrolmentBody.parse(req.body);
    res.json(await startInvitationEnrolment(em, ctx, body, req.identity));
  });

  router.post('/auth/accept-invitation', async (req, res) => {
    const body = acceptInvitationBody.parse(req.body);
    await acceptInvitation(em, ctx, body, req.identity, requestIdOf(req));
    res.json({ message: messages.accepted });
  });

  router.use('/admin/staff', requireRole('admin'));

  router.get('/admin/staff', async (req, res) => {
    const query = parseListQuery(req.query, listStaffOptions);
    const { records, total } = await listAccounts(em, staff, query);
    sendList(res, staff.resource, records, total, query.offset);
  });

  router.post('/admin/staff', async (req, res) => {
    const body = inviteStaffBody.parse(req.body);
    res.status(201).json(await inviteStaff(em, ctx, body, req.identity, requestIdOf(req)));
  });

  router.put('/admin/staff/:id', async (req, res) => {
    const { id } = accountIdParams.parse(req.params);
    const body = changeRoleBody.parse(req.body);
    res.json(await changeRole(em, ctx, id, body, req.identity, requestIdOf(req)));
  });

  accountRoutes(router, ctx, '/admin/staff', staff, ['disable', 'enable'], staffGuard);
  return router;
}
