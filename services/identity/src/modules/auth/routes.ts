import { Router } from 'express';
import { languageOf, requireUser, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { loginBody } from '@tullab/contracts';
import { changePasswordBody, registerBody } from '../users/password-policy';
import { logIn } from './login';
import { changePassword } from './password-change';
import { registerStudent } from './registration';

/** Signing up, signing in and changing the password: each sets the session cookie it ends with. */
export function authRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    const body = registerBody.parse(req.body);
    const { user, session } = await registerStudent(em, ctx, body, req.identity, languageOf(req));
    requestCookies(res, sessionCookie(session));
    res.status(201).json({ user: toPublicUser(user) });
  });

  /**
   * A student is signed in (SPEC: `{ user }`). Staff and admins get no session yet (S37): the `mfa` cookie, and
   * whether they still have to set up their authenticator app, whose code goes to POST /auth/mfa/verify.
   */
  router.post('/auth/login', async (req, res) => {
    const body = loginBody.parse(req.body);
    const outcome = await logIn(em, ctx, body, req.identity);
    if ('session' in outcome) {
      requestCookies(res, sessionCookie(outcome.session));
      return void res.json({ user: toPublicUser(outcome.user) });
    }
    const { user, challenge } = outcome;
    requestCookies(res, {
      name: 'mfa',
      value: challenge.token,
      maxAge: challenge.maxAge,
      sameSite: 'strict',
    });
    res.json({
      mfaRequired: true,
      enrolled: Boolean(user.mfaEnrolledAt),
      user: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role },
    });
  });

  router.post('/students/change-password', requireUser, async (req, res) => {
    const body = changePasswordBody.parse(req.body);
    const session = await changePassword(em, ctx, body, req.identity, requestIdOf(req));
    requestCookies(res, sessionCookie(session));
    res.json({ message: 'Password changed successfully' });
  });

  return router;
}
