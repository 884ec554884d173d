import { Router } from 'express';
import { HttpError, requireRole } from '@tullab/http';
import { z } from 'zod';
import type { NotificationsContext } from '../../context';
import { exportNotifications } from './export';

/** The gateway's call for notifications' part of an export (decision 009); never routed from outside. */
export const PERSONAL_DATA_PATH = '/internal/personal-data';

/**
 * Notifications knows people only by address: the gateway names the addresses identity and verification hold for the
 * person (the caller must be that person or an admin, as the other services check).
 */
const personalDataBody = z.object({
  userId: z.uuid('Not a valid account id'),
  emails: z.array(z.email('Not a valid e-mail address')).max(50, 'At most 50 addresses'),
});

/** Notifications' part of a student's data export, for the student themself or an admin. */
export function personalDataRoutes({ em, render }: NotificationsContext): Router {
  const router = Router();
  router.post(PERSONAL_DATA_PATH, requireRole('student', 'admin'), async (req, res) => {
    const { userId, emails } = personalDataBody.parse(req.body);
    if (req.identity.userId !== userId && req.identity.role !== 'admin')
      throw new HttpError(403, 'Forbidden');
    res.json(await exportNotifications(em.fork(), emails, render));
  });
  return router;
}
