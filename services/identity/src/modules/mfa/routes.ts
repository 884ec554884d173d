import { Router } from 'express';
import type { IdentityContext } from '../../context';
import { clearCookie, MFA_HEADER, requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { verifyMfaBody } from '@tullab/contracts';
import { startEnrolment, verifySecondFactor } from './service';
import { requestIdOf } from '@tullab/http';

/**
 * The staff second factor (S37), once a right password set the `mfa` cookie (the gateway sends its value as
 * `x-tullab-mfa`).
 */
export function mfaRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/auth/mfa/enrollment', async (req, res) => {
    res.json(await startEnrolment(em, ctx, req.get(MFA_HEADER), req.identity));
  });

  router.post('/auth/mfa/verify', async (req, res) => {
    const { code } = verifyMfaBody.parse(req.body);
    const { user, session } = await verifySecondFactor(
      em,
      ctx,
      req.get(MFA_HEADER),
      code,
      req.identity,
      requestIdOf(req),
    );
    requestCookies(res, sessionCookie(session), clearCookie('mfa'));
    res.json({ user: toPublicUser(user) });
  });

  return router;
}
