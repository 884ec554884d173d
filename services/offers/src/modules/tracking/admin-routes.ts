import { Router } from 'express';
import { offersAdmin } from '@tullab/contracts';
import { bindRoute } from '@tullab/http';
import type { OffersContext } from '../../context';
import { offerIdOf } from '../offers/schemas';
import { listOfferStats } from './service';

/** `GET /admin/offers/:id/stats`: staff read an offer's daily counters (decision 008), newest day first. */
export function offerStatsRoutes(ctx: OffersContext): Router {
  const router = Router();
  bindRoute(router, offersAdmin.routes.offerStats, ({ params, list }) =>
    listOfferStats(ctx.em, offerIdOf(params), list),
  );
  return router;
}
