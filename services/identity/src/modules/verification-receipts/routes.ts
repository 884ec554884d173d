import type { EntityManager } from '@mikro-orm/core';
import { Router } from 'express';
import { requireUser } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { verificationReceiptBody } from './schemas';
import { acceptVerificationReceipt } from './service';

export function verificationReceiptRoutes(em: EntityManager, ctx: IdentityContext): Router {
  const router = Router();

  /**
   * The gateway hands over the receipt from verification's answer (decision 002), signed with the caller's identity,
   * and passes this answer to the client instead: the user as GET /auth/user shows it, and the rotated `sid`.
   */
  router.post('/internal/verification-receipts', requireUser, async (req, res) => {
    const { receipt } = verificationReceiptBody.parse(req.body);
    const { user, session } = await acceptVerificationReceipt(em, ctx, receipt, req.identity);
    requestCookies(res, sessionCookie(session));
    res.json({ user: toPublicUser(user) });
  });

  return router;
}
