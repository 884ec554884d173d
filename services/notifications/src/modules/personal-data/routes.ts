import { Router } from 'express';
import { notificationsInternal } from '@tullab/contracts';
import { bindRoute, HttpError, requireRole } from '@tullab/http';
import type { NotificationsContext } from '../../context';
import { exportNotifications } from './export';
import { platformAddresses, reachOf } from './reach';

/**
 * Notifications' part of a student's data export (decision 009), the gateway's call, never routed from outside: for
 * the student themself or an admin. It reaches the person's account, and the addresses identity and verification say
 * they proved (T23): a row tied to the account is reached by that tie, one tied to nobody by a proved address (the
 * platform's own addresses never reach anything).
 */
export function personalDataRoutes({ config, em, render }: NotificationsContext): Router {
  const router = Router();
  const platform = platformAddresses(config);
  bindRoute(
    router,
    notificationsInternal.routes.personalData,
    async ({ body: { userId, emails } }, req) => {
      if (req.identity.userId !== userId && req.identity.role !== 'admin')
        throw new HttpError(403, 'Forbidden');
      return exportNotifications(em.fork(), reachOf(userId, emails, platform), render);
    },
    { guard: requireRole('student', 'admin') },
  );
  return router;
}
