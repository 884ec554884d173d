import { Router } from 'express';
import { studentVerification } from '@tullab/contracts';
import { bindRoute } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { pendingDocuments } from '../requests/pending';
import { findStatus, statusView } from './service';

/** `GET /students/verify` (SPEC §7): the caller's verification as it stands. */
export function statusRoutes({ em }: VerificationContext): Router {
  const router = Router();
  bindRoute(router, studentVerification.routes.verificationStatus, async (_input, req) => {
    const userId = req.identity.userId as string;
    return statusView(await findStatus(em, userId), await pendingDocuments(em, userId));
  });
  return router;
}
