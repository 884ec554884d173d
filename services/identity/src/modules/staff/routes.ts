import { Router } from 'express';
import { accounts, accountsAdmin } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { accountRoutes } from '../accounts/routes';
import { listAccounts } from '../accounts/service';
import { acceptInvitationBody, passwordPolicy } from '../users/password-policy';
import { acceptInvitation, inviteStaff, startInvitationEnrolment } from './invitations';
import { changeRole, messages, staff, staffGuard } from './service';

const { routes } = accountsAdmin;

/**
 * The console's staff (`/api/admin/staff`, ra-data-simple-rest) for admins only, and accepting an invitation: the
 * accept page asks for the authenticator key first, then sends the password with a code.
 */
export function staffRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, accounts.routes.startInvitationEnrolment, ({ body }, req) =>
    startInvitationEnrolment(em, ctx, body, req.identity),
  );

  bindRoute(
    router,
    accounts.routes.acceptInvitation,
    async ({ body }, req) => {
      await acceptInvitation(em, ctx, body, req.identity, requestIdOf(req));
      return { message: messages.accepted };
    },
    { before: [passwordPolicy(acceptInvitationBody)] },
  );

  bindRoute(router, routes.staff, async ({ list }) => {
    const { records, total } = await listAccounts(em, staff, list);
    return { items: records, total };
  });

  bindRoute(router, routes.inviteStaff, ({ body }, req) =>
    inviteStaff(em, ctx, body, req.identity, requestIdOf(req)),
  );

  bindRoute(router, routes.changeStaffRole, ({ params, body }, req) =>
    changeRole(em, ctx, params.id, body, req.identity, requestIdOf(req)),
  );

  accountRoutes(
    router,
    ctx,
    staff,
    routes.staffMember,
    { disable: routes.disableStaff, enable: routes.enableStaff },
    staffGuard,
  );
  return router;
}
