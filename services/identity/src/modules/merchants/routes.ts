import { Router } from 'express';
import { merchantAccounts } from '@tullab/contracts';
import { bindRoute, brandOf, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { acceptMerchantInvitationBody, passwordPolicy } from '../users/password-policy';
import { toPublicUser } from '../users/public-user';
import { acceptMerchantInvitation } from './acceptance';
import { listColleagues } from './colleagues';
import { inviteColleague, listInvitations, resendInvitation, revokeInvitation } from './inviting';

const { routes } = merchantAccounts;

/**
 * Merchant accounts (decision 016): accepting an invitation (public; it signs the merchant in, so it sets the
 * session cookie as POST /auth/login does), a brand's colleagues and its open invitations (T24), for its merchants
 * only.
 */
export function merchantRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(
    router,
    routes.acceptInvitation,
    async ({ body }, req, res) => {
      const { user, session } = await acceptMerchantInvitation(em, ctx, body, req.identity, requestIdOf(req));
      requestCookies(res, sessionCookie(session));
      return { user: toPublicUser(user) };
    },
    { before: [passwordPolicy(acceptMerchantInvitationBody)] },
  );

  bindRoute(router, routes.colleagues, (_input, req) => listColleagues(em, brandOf(req)));

  bindRoute(router, routes.invitations, (_input, req) => listInvitations(em, brandOf(req)));

  bindRoute(router, routes.inviteColleague, ({ body }, req) =>
    inviteColleague(em, ctx, brandOf(req), body, req.identity, requestIdOf(req)),
  );

  bindRoute(router, routes.resendInvitation, ({ params }, req) =>
    resendInvitation(em, ctx, brandOf(req), params.id, req.identity, requestIdOf(req)),
  );

  bindRoute(router, routes.revokeInvitation, async ({ params }, req) => {
    await revokeInvitation(em, ctx, brandOf(req), params.id, req.identity, requestIdOf(req));
  });

  return router;
}
