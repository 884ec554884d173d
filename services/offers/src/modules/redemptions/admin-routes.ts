import { Router } from 'express';
import { offersAdmin } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { OffersContext } from '../../context';
import { idFirst } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { importCodes, listRedemptions } from './service';

const { routes } = offersAdmin;

/** Staff's side of redemption: the code-pool import and the list of revealed codes. */
export function redemptionAdminRoutes(ctx: OffersContext): Router {
  const router = Router();

  bindRoute(
    router,
    routes.importCodes,
    async ({ params, body }, req) => {
      const result = await importCodes(ctx.em, params.id, body.csv, req.identity, requestIdOf(req));
      ctx.log.info({ offerId: params.id, by: req.identity.userId, added: result.added }, 'codes imported');
      return result;
    },
    { before: [idFirst(offerIdOf)] },
  );

  /** `/admin/redemptions` (read-only): who got which code of which offer, e.g. a student's history. */
  bindRoute(router, routes.redemptions, ({ list }) => listRedemptions(ctx.em, list));

  return router;
}
