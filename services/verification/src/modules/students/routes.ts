import type { EntityManager } from '@mikro-orm/core';
import { Router } from 'express';
import { requireUser } from '@tullab/http';
import { pendingDocuments } from '../documents/service';
import { findStatus, statusView } from './service';

/** `GET /students/verify` (SPEC §7): the caller's verification as it stands. */
export function statusRoutes(em: EntityManager): Router {
  const router = Router();
  router.get('/students/verify', requireUser, async (req, res) => {
    const userId = req.identity.userId as string;
    res.json(statusView(await findStatus(em, userId), await pendingDocuments(em, userId)));
  });
  return router;
}
