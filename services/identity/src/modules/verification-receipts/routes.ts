import { Router } from 'express';
import { requireUser } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { verificationReceiptBody } from '@tullab/contracts';
import { acceptVerificationReceipt } from './service';

export function verificationReceiptRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  /**
   * The gateway hands over the receipt from verification's answer (decision 002), signed with the caller's identity.
   * The answer is the user as GET /auth/user shows it, with the rotated `sid` when the session rotated (`active`): the
   * gateway then passes it to the client instead of verification's.
   */
  router.post('/internal/verification-receipts', requireUser, async (req, res) => {
    const { receipt } = verificationReceiptBody.parse(req.body);
    const { user, session } = await acceptVerificationReceipt(em, ctx, receipt, req.identity);
    if (session) requestCookies(res, sessionCookie(session));
    res.json({ user: toPublicUser(user) });
  });

  return router;
}
