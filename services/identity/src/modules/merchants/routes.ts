import { Router } from 'express';
import { invitationIdParams, inviteColleagueBody } from '@tullab/contracts';
import { brandOf, requestIdOf, requireMerchant } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { acceptMerchantInvitationBody } from '../users/password-policy';
import { toPublicUser } from '../users/public-user';
import { acceptMerchantInvitation } from './acceptance';
import { listColleagues } from './colleagues';
import { inviteColleague, listInvitations, resendInvitation, revokeInvitation } from './inviting';

/**
 * Merchant accounts (decision 016): accepting an invitation (public; it signs the merchant in, so it sets the
 * session cookie as POST /auth/login does), a brand's colleagues and its open invitations (T24), for its merchants
 * only.
 */
export function merchantRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/auth/accept-merchant-invitation', async (req, res) => {
    const body = acceptMerchantInvitationBody.parse(req.body);
    const { user, session } = await acceptMerchantInvitation(em, ctx, body, req.identity, requestIdOf(req));
    requestCookies(res, sessionCookie(session));
    res.json({ user: toPublicUser(user) });
  });

  router.use(['/merchant/colleagues', '/merchant/invitations'], requireMerchant);

  router.get('/merchant/colleagues', async (req, res) => {
    res.json(await listColleagues(em, brandOf(req)));
  });

  router.get('/merchant/invitations', async (req, res) => {
    res.json(await listInvitations(em, brandOf(req)));
  });

  router.post('/merchant/invitations', async (req, res) => {
    const body = inviteColleagueBody.parse(req.body);
    res.status(201).json(await inviteColleague(em, ctx, brandOf(req), body, req.identity, requestIdOf(req)));
  });

  router.post('/merchant/invitations/:id/resend', async (req, res) => {
    const { id } = invitationIdParams.parse(req.params);
    res.status(201).json(await resendInvitation(em, ctx, brandOf(req), id, req.identity, requestIdOf(req)));
  });

  router.post('/merchant/invitations/:id/revoke', async (req, res) => {
    const { id } = invitationIdParams.parse(req.params);
    await revokeInvitation(em, ctx, brandOf(req), id, req.identity, requestIdOf(req));
    res.status(204).end();
  });

  return router;
}
