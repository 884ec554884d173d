import { Router } from 'express';
import { identityInternal } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { acceptVerificationReceipt } from './service';

export function verificationReceiptRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  /**
   * The gateway hands over the receipt from verification's answer (decision 002), signed with the caller's identity.
   * The answer is the user as GET /auth/user shows it, with the rotated `sid` when the session rotated (`active`): the
   * gateway then passes it to the client instead of verification's.
   */
  bindRoute(router, identityInternal.routes.acceptVerificationReceipt, async ({ body }, req, res) => {
    const { user, session } = await acceptVerificationReceipt(
      em,
      ctx,
      body.receipt,
      req.identity,
      requestIdOf(req),
    );
    if (session) requestCookies(res, sessionCookie(session));
    return { user: toPublicUser(user) };
  });

  return router;
}
