import { Router } from 'express';
import { accountIdParams, inviteColleagueBody } from '@tullab/contracts';
import { brandOf, requestIdOf, requireMerchant } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { acceptMerchantInvitationBody } from '../users/password-policy';
import { toPublicUser } from '../users/public-user';
import { acceptMerchantInvitation } from './acceptance';
import { inviteColleague, listColleagues, resendInvitation } from './colleagues';

/**
 * Merchant accounts (decision 016): accepting an invitation (public; it signs the merchant in, so it sets the
 * session cookie as POST /auth/login does) and a brand's colleagues, for its merchants only.
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

  router.use('/merchant/colleagues', requireMerchant);

  router.get('/merchant/colleagues', async (req, res) => {
    res.json(await listColleagues(em, brandOf(req)));
  });

  router.post('/merchant/colleagues', async (req, res) => {
    const body = inviteColleagueBody.parse(req.body);
    const { colleague, created } = await inviteColleague(
      em,
      ctx,
      brandOf(req),
      body,
      req.identity,
      requestIdOf(req),
    );
    res.status(created ? 201 : 200).json(colleague);
  });

  router.post('/merchant/colleagues/:id/resend-invitation', async (req, res) => {
    const { id } = accountIdParams.parse(req.params);
    res.json(await resendInvitation(em, ctx, brandOf(req), id, req.identity, requestIdOf(req)));
  });

  return router;
}
