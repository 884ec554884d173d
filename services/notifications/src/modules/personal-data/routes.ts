import { Router } from 'express';
import { HttpError, requireRole } from '@tullab/http';
import { z } from 'zod';
import type { NotificationsContext } from '../../context';
import { exportNotifications } from './export';
import { platformAddresses, reachOf } from './reach';

/** The gateway's call for notifications' part of an export (decision 009); never routed from outside. */
export const PERSONAL_DATA_PATH = '/internal/personal-data';

/**
 * The person's account, and the addresses identity and verification say they proved (T23): a row tied to the account
 * is reached by that tie, one tied to nobody by a proved address (the platform's own addresses never reach anything).
 * The caller must be that person or an admin, as the other services check.
 */
const personalDataBody = z.object({
  userId: z.uuid('Not a valid account id'),
  emails: z.array(z.email('Not a valid e-mail address')).max(50, 'At most 50 addresses'),
});

/** Notifications' part of a student's data export, for the student themself or an admin. */
export function personalDataRoutes({ config, em, render }: NotificationsContext): Router {
  const router = Router();
  const platform = platformAddresses(config);
  router.post(PERSONAL_DATA_PATH, requireRole('student', 'admin'), async (req, res) => {
    const { userId, emails } = personalDataBody.parse(req.body);
    if (req.identity.userId !== userId && req.identity.role !== 'admin')
      throw new HttpError(403, 'Forbidden');
    res.json(await exportNotifications(em.fork(), reachOf(userId, emails, platform), render));
  });
  return router;
}
