import { Router } from 'express';
import { requireUser } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { currentUser } from './current-user';
import { saveLanguage } from './language';
import { toPublicUser } from './public-user';
import { languageBody } from '@tullab/contracts';

export function userRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  router.get('/auth/user', async (req, res) => {
    res.json({ user: toPublicUser(await currentUser(em, req.identity)) });
  });

  /** The signed-in user's language (issue 12): students, and staff too, though staff mails stay English. */
  router.put('/auth/user/language', requireUser, async (req, res) => {
    const { language } = languageBody.parse(req.body);
    res.json({ message: 'Language saved', language: await saveLanguage(em, ctx, req.identity, language) });
  });

  return router;
}
