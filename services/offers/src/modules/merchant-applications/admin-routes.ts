import { Router } from 'express';
import { offersAdmin } from '@tullab/contracts';
import { bindRoute, requestIdOf, SENT } from '@tullab/http';
import type { OffersContext } from '../../context';
import { sendLogo } from '../logos/store';
import { approveApplication, rejectApplication } from './decisions';
import { applicationLogo, getApplication, listApplications } from './records';

const { routes } = offersAdmin;

/**
 * The staff resource `/admin/merchant-applications`: list, show, the logo, approve (creates the offer) and reject.
 * Decisions are audited (`/admin/offer-audit-log`).
 */
export function merchantApplicationAdminRoutes(ctx: OffersContext): Router {
  const { em, log } = ctx;
  const router = Router();

  bindRoute(router, routes.merchantApplications, ({ list }) => listApplications(em, list));

  bindRoute(router, routes.merchantApplication, ({ params }) => getApplication(em, params.id));

  // the answer type is written out: an async handler's `return SENT` alone would widen to `symbol`
  bindRoute(router, routes.merchantApplicationLogo, async ({ params }, _req, res): Promise<typeof SENT> => {
    await sendLogo(res, ctx.store, await applicationLogo(em, params.id), 'private, no-store');
    return SENT;
  });

  bindRoute(router, routes.approveApplication, async ({ params, body }, req) => {
    const application = await approveApplication(em, params.id, body.status, req.identity, requestIdOf(req));
    ctx.catalogue.invalidate();
    log.info(
      { applicationId: params.id, offerId: application.offerId, by: req.identity.userId },
      'merchant application approved',
    );
    return application;
  });

  bindRoute(router, routes.rejectApplication, async ({ params, body }, req) => {
    const application = await rejectApplication(em, params.id, body.reason, req.identity, requestIdOf(req));
    log.info({ applicationId: params.id, by: req.identity.userId }, 'merchant application rejected');
    return application;
  });

  return router;
}
