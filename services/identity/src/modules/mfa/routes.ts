import { Router } from 'express';
import { accounts } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, MFA_HEADER, requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { startEnrolment, verifySecondFactor } from './service';

const { routes } = accounts;

/**
 * The staff second factor (S37), once a right password set the `mfa` cookie (the gateway sends its value as
 * `x-tullab-mfa`).
 */
export function mfaRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, routes.startMfaEnrolment, (_input, req) =>
    startEnrolment(em, ctx, req.get(MFA_HEADER), req.identity),
  );

  bindRoute(router, routes.verifyMfa, async ({ body }, req, res) => {
    const { user, session } = await verifySecondFactor(
      em,
      ctx,
      req.get(MFA_HEADER),
      body.code,
      req.identity,
      requestIdOf(req),
    );
    requestCookies(res, sessionCookie(session), clearCookie('mfa'));
    return { user: toPublicUser(user) };
  });

  return router;
}
