import { Router } from 'express';
import { accounts } from '@tullab/contracts';
import { bindRoute, languageOf, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { toPublicUser } from '../users/public-user';
import { changePasswordBody, passwordPolicy, registerBody } from '../users/password-policy';
import { logIn } from './login';
import { changePassword } from './password-change';
import { registerStudent } from './registration';

const { routes } = accounts;

/** Signing up, signing in and changing the password: each sets the session cookie it ends with. */
export function authRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(
    router,
    routes.register,
    async ({ body }, req, res) => {
      const { user, session } = await registerStudent(em, ctx, body, req.identity, languageOf(req));
      requestCookies(res, sessionCookie(session));
      return { user: toPublicUser(user) };
    },
    { before: [passwordPolicy(registerBody)] },
  );

  /**
   * A student is signed in (SPEC: `{ user }`). Staff and admins get no session yet (S37): the `mfa` cookie, and
   * whether they still have to set up their authenticator app, whose code goes to POST /auth/mfa/verify.
   */
  bindRoute(router, routes.login, async ({ body }, req, res) => {
    const outcome = await logIn(em, ctx, body, req.identity);
    if ('session' in outcome) {
      requestCookies(res, sessionCookie(outcome.session));
      return { user: toPublicUser(outcome.user) };
    }
    const { user, challenge } = outcome;
    requestCookies(res, {
      name: 'mfa',
      value: challenge.token,
      maxAge: challenge.maxAge,
      sameSite: 'strict',
    });
    return {
      mfaRequired: true as const,
      enrolled: Boolean(user.mfaEnrolledAt),
      user: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role },
    };
  });

  bindRoute(
    router,
    routes.changePassword,
    async ({ body }, req, res) => {
      const session = await changePassword(em, ctx, body, req.identity, requestIdOf(req));
      requestCookies(res, sessionCookie(session));
      return { message: 'Password changed successfully' };
    },
    { before: [passwordPolicy(changePasswordBody)] },
  );

  return router;
}
