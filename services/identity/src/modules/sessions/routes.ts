import { Router } from 'express';
import { HttpError } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { clearCookie, requestCookies } from './cookies';
import { RESOLVE_SESSION_PATH, resolveSessionBody } from '@tullab/contracts';
import { endSession, resolveSession } from './service';

export const RESOLVE_PATH = RESOLVE_SESSION_PATH;

export function sessionRoutes(ctx: IdentityContext): Router {
  const { em } = ctx;
  const router = Router();

  /**
   * The gateway resolves the session cookie here (ADR 001), signed as a visitor. It may keep the answer only while
   * identity is relaying changes to it (decision 005).
   */
  router.post(RESOLVE_PATH, async (req, res) => {
    const { token } = resolveSessionBody.parse(req.body);
    const session = await resolveSession(em, token);
    if (!session) throw new HttpError(401, 'Not authenticated');
    res.json(ctx.sessionChanges.listening ? session : { ...session, cacheUntil: 0 });
  });

  /** S8: the session row is deleted and the cookie cleared, whatever state the caller is in. */
  router.post('/auth/logout', async (req, res) => {
    if (req.identity.sessionId) await endSession(em, req.identity.sessionId);
    requestCookies(res, clearCookie('sid'));
    res.status(204).end();
  });

  return router;
}
