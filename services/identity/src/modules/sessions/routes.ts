import { Router } from 'express';
import { accounts, identityInternal } from '@tullab/contracts';
import { bindRoute, HttpError } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, requestCookies } from './cookies';
import { endSession, resolveSession } from './service';

export function sessionRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  /**
   * The gateway resolves the session cookie here (ADR 001), signed as a visitor. It may keep the answer only while
   * identity is relaying changes to it (decision 005).
   */
  bindRoute(router, identityInternal.routes.resolveSession, async ({ body }) => {
    const session = await resolveSession(em, body.token);
    if (!session) throw new HttpError(401, 'Not authenticated');
    return ctx.sessionChanges.listening ? session : { ...session, cacheUntil: 0 };
  });

  /** S8: the session row is deleted and the cookie cleared, whatever state the caller is in. */
  bindRoute(router, accounts.routes.logout, async (_input, req, res) => {
    if (req.identity.sessionId) await endSession(em, req.identity.sessionId);
    requestCookies(res, clearCookie('sid'));
  });

  return router;
}
