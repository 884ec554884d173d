import { Router } from 'express';
import { bindRoute, parseListQuery, requireRole, sendList, requestIdOf } from '@tullab/http';
import type { OffersContext } from '../../context';
import { requireActiveStudent } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { importCodesBody, offers } from '@tullab/contracts';
import { listRedemptionsOptions } from './schemas';
import { importCodes, listRedemptions, redeemOffer } from './service';

/**
 * `POST /offers/:id/redeem` for active students (the answer is `Cache-Control: no-store`, as every answer of the
 * service unless a route says otherwise), the staff code-pool import and the staff list of redemptions.
 */
export function redemptionRoutes(ctx: OffersContext): Router {
  const router = Router();

  bindRoute(
    router,
    offers.routes.redeem,
    ({ params }, req) => redeemOffer(ctx, params.id, req.identity, requestIdOf(req)),
    { guard: requireActiveStudent },
  );

  router.post('/admin/offers/:id/codes', requireRole('staff', 'admin'), async (req, res) => {
    const id = offerIdOf(req.params);
    const { csv } = importCodesBody.parse(req.body);
    const result = await importCodes(ctx.em, id, csv, req.identity, requestIdOf(req));
    ctx.log.info({ offerId: id, by: req.identity.userId, added: result.added }, 'codes imported');
    res.json(result);
  });

  /** `/admin/redemptions` (read-only, staff): who got which code of which offer, e.g. a student's history. */
  router.get('/admin/redemptions', requireRole('staff', 'admin'), async (req, res) => {
    const query = parseListQuery(req.query, listRedemptionsOptions);
    const { items, total } = await listRedemptions(ctx.em, query);
    sendList(res, 'redemptions', items, total, query.offset);
  });

  return router;
}
