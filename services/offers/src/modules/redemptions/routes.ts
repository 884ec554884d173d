import { Router } from 'express';
import type { OffersContext } from '../../context';
import { requestIdOf, bindRoute } from '@tullab/http';
import { requireActiveStudent } from '../../http';
import { redeemOffer } from './service';
import { offers } from '@tullab/contracts';

/**
 * `POST /offers/:id/redeem` for active students (the answer is `Cache-Control: no-store`, as every answer of the
 * service unless a route says otherwise). Staff's side is `redemptionAdminRoutes`.
 */
export function redemptionRoutes(ctx: OffersContext): Router {
  const router = Router();

  bindRoute(
    router,
    offers.routes.redeem,
    ({ params }, req) => redeemOffer(ctx, params.id, req.identity, requestIdOf(req)),
    { guard: requireActiveStudent },
  );

  return router;
}
