import type { EntityManager } from '@mikro-orm/core';
import { Router } from 'express';
import { languageOf, requireUser, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { requestCookies, sessionCookie } from '../sessions/cookies';
import { changePasswordBody, languageBody, loginBody, registerBody } from './schemas';
import { toPublicUser } from './public-user';
import { changePassword, currentUser, logIn, registerStudent, saveLanguage } from './service';

export function userRoutes(em: EntityManager, ctx: IdentityContext): Router {
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

  router.get('/auth/user', async (req, res) => {
    res.json({ user: toPublicUser(await currentUser(em, req.identity)) });
  });

  /** The signed-in user's language (issue 12): students, and staff too, though staff mails stay English. */
  router.put('/auth/user/language', requireUser, async (req, res) => {
    const { language } = languageBody.parse(req.body);
    res.json({ message: 'Language saved', language: await saveLanguage(em, ctx, req.identity, language) });
  });

  router.post('/students/change-password', requireUser, async (req, res) => {
    const body = changePasswordBody.parse(req.body);
    const session = await changePassword(em, ctx, body, req.identity, requestIdOf(req));
    requestCookies(res, sessionCookie(session));
    res.json({ message: 'Password changed successfully' });
  });

  return router;
}
