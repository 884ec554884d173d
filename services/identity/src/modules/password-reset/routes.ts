import { Router } from 'express';
import { languageOf, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, PWRESET_HEADER, requestCookies } from '../sessions/cookies';
import { forgotPasswordBody, verifyResetOtpBody } from '@tullab/contracts';
import { resetPasswordBody } from '../users/password-policy';
import { messages, requestPasswordReset, resetPassword, verifyResetCode } from './service';

/** Known and unknown e-mails answer alike (S19): every answer takes at least this long. */
const FORGOT_PASSWORD_FLOOR_MS = 150;

export function passwordResetRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/auth/forgot-password', async (req, res) => {
    const started = Date.now();
    const body = forgotPasswordBody.parse(req.body);
    await requestPasswordReset(em, ctx, body, req.identity, requestIdOf(req), languageOf(req));
    const wait = FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    res.status(202).json({ message: messages.sent });
  });

  router.post('/auth/verify-reset-otp', async (req, res) => {
    const body = verifyResetOtpBody.parse(req.body);
    const grant = await verifyResetCode(em, ctx, body, req.identity);
    requestCookies(res, { name: 'pwreset', value: grant.token, maxAge: grant.maxAge });
    res.json({ message: messages.verified });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const body = resetPasswordBody.parse(req.body);
    await resetPassword(em, ctx, body, req.get(PWRESET_HEADER), requestIdOf(req), languageOf(req));
    requestCookies(res, clearCookie('pwreset'), clearCookie('sid'));
    res.json({ message: messages.done });
  });

  return router;
}
