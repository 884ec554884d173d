import { Router } from 'express';
import { accounts } from '@tullab/contracts';
import { bindRoute } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { currentUser } from './current-user';
import { saveLanguage } from './language';
import { toPublicUser } from './public-user';

const { routes } = accounts;

export function userRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(router, routes.currentUser, async (_input, req) => ({
    user: toPublicUser(await currentUser(em, req.identity)),
  }));

  /** The signed-in user's language (issue 12): students, and staff too, though staff mails stay English. */
  bindRoute(router, routes.saveLanguage, async ({ body }, req) => ({
    message: 'Language saved',
    language: await saveLanguage(em, ctx, req.identity, body.language),
  }));

  return router;
}
