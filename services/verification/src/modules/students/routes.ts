import { Router } from 'express';
import { requireUser } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { pendingDocuments } from '../requests/pending';
import { findStatus, statusView } from './service';

/** `GET /students/verify` (SPEC §7): the caller's verification as it stands. */
export function statusRoutes({ em }: VerificationContext): Router {
  const router = Router();
  router.get('/students/verify', requireUser, async (req, res) => {
    const userId = req.identity.userId as string;
    res.json(statusView(await findStatus(em, userId), await pendingDocuments(em, userId)));
  });
  return router;
}
