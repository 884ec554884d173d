import { Router } from 'express';
import { accounts } from '@tullab/contracts';
import { bindRoute, languageOf, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, PWRESET_HEADER, requestCookies } from '../sessions/cookies';
import { passwordPolicy, resetPasswordBody } from '../users/password-policy';
import { messages, requestPasswordReset, resetPassword, verifyResetCode } from './service';

const { routes } = accounts;

/** Known and unknown e-mails answer alike (S19): every answer takes at least this long. */
const FORGOT_PASSWORD_FLOOR_MS = 150;

export function passwordResetRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, routes.forgotPassword, async ({ body }, req) => {
    const started = Date.now();
    await requestPasswordReset(em, ctx, body, req.identity, requestIdOf(req), languageOf(req));
    const wait = FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { message: messages.sent };
  });

  bindRoute(router, routes.verifyResetCode, async ({ body }, req, res) => {
    const grant = await verifyResetCode(em, ctx, body, req.identity);
    requestCookies(res, { name: 'pwreset', value: grant.token, maxAge: grant.maxAge });
    return { message: messages.verified };
  });

  bindRoute(
    router,
    routes.resetPassword,
    async ({ body }, req, res) => {
      await resetPassword(em, ctx, body, req.get(PWRESET_HEADER), requestIdOf(req), languageOf(req));
      requestCookies(res, clearCookie('pwreset'), clearCookie('sid'));
      return { message: messages.done };
    },
    { before: [passwordPolicy(resetPasswordBody)] },
  );

  return router;
}
