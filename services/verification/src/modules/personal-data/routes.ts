import { Router } from 'express';
import { verificationInternal } from '@tullab/contracts';
import { bindRoute, requireRole } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { exportVerification } from './export';

/**
 * Verification's part of a student's data export (decision 009), the gateway's call, never routed from outside: for
 * the student themself or an admin.
 */
export function personalDataRoutes({ config, em }: VerificationContext): Router {
  const router = Router();
  bindRoute(
    router,
    verificationInternal.routes.personalData,
    ({ body }, req) => exportVerification(em, body.userId, req.identity, config.SUPPORT_EMAIL),
    { guard: requireRole('student', 'admin') },
  );
  return router;
}
