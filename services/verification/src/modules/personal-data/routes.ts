import { Router } from 'express';
import { requireRole } from '@tullab/http';
import { z } from 'zod';
import type { VerificationContext } from '../../context';
import { exportVerification } from './export';

/** The gateway's call for verification's part of an export (decision 009); never routed from outside. */
export const PERSONAL_DATA_PATH = '/internal/personal-data';

const personalDataBody = z.object({ userId: z.uuid('Not a valid account id') });

/** Verification's part of a student's data export, for the student themself or an admin. */
export function personalDataRoutes({ config, em }: VerificationContext): Router {
  const router = Router();
  router.post(PERSONAL_DATA_PATH, requireRole('student', 'admin'), async (req, res) => {
    const { userId } = personalDataBody.parse(req.body);
    res.json(await exportVerification(em, userId, req.identity, config.SUPPORT_EMAIL));
  });
  return router;
}
