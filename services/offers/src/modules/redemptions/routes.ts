import { Router } from 'express';
import { requestIdOf } from '@tullab/http';
import type { OffersContext } from '../../context';
import { requireActiveStudent } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { redeemOffer } from './service';

/**
 * `POST /offers/:id/redeem` for active students (the answer is `Cache-Control: no-store`, as every answer of the
 * service unless a route says otherwise). Staff's side is `redemptionAdminRoutes`.
 */
export function redemptionRoutes(ctx: OffersContext): Router {
  const router = Router();

  router.post('/offers/:id/redeem', requireActiveStudent, async (req, res) => {
    res.json(await redeemOffer(ctx, offerIdOf(req.params), req.identity, requestIdOf(req)));
  });

  return router;
}
