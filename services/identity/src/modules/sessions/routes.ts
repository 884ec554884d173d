import type { EntityManager } from '@mikro-orm/core';
import { Router } from 'express';
import { HttpError } from '@tullab/http';
import { clearCookie, requestCookies } from './cookies';
import { resolveSessionBody } from './schemas';
import { endSession, resolveSession } from './service';

export function sessionRoutes(em: EntityManager): Router {
  const router = Router();

  /** The gateway resolves the session cookie here (ADR 001), signed as a visitor. */
  router.post('/internal/sessions/resolve', async (req, res) => {
    const { token } = resolveSessionBody.parse(req.body);
    const session = await resolveSession(em, token);
    if (!session) throw new HttpError(401, 'Not authenticated');
    res.json(session);
  });

  /** S8: the session row is deleted and the cookie cleared, whatever state the caller is in. */
  router.post('/auth/logout', async (req, res) => {
    if (req.identity.sessionId) await endSession(em, req.identity.sessionId);
    requestCookies(res, clearCookie('sid'));
    res.status(204).end();
  });

  return router;
}
