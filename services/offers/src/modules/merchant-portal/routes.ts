import { Router, type RequestHandler } from 'express';
import { merchantOffers } from '@tullab/contracts';
import { answerAfter, bindRoute, brandOf, requestIdOf, SENT } from '@tullab/http';
import type { OffersContext } from '../../context';
import { idFirst } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { reportIdOf } from '../code-reports/schemas';
import { brandFunnel } from './funnel';
import { funnelCsv, funnelFileName } from './funnel-csv';
import { institutionBreakdown } from './institutions';
import { getBrand, getBrandOfferDetail, listBrandOffers, pauseBrandOffer } from './offers';
import { importPool, previewPool, receiveCodesCsv } from './pool-upload';
import { monthPeriodOf, refuseDays } from './period';
import { dayRangeOf } from './range';
import { answerBrandReport, listBrandReports } from './reports';

const { routes } = merchantOffers;

/** Days asked of the institution figures are refused before the rest of their query is read. */
const noDays: RequestHandler = (req, _res, next) => {
  refuseDays(req.query);
  next();
};

/**
 * The merchant portal's offers API (issue 16, decision 016), `/merchant/*` for merchants only (`requireMerchant`:
 * a visitor 401, anyone else 403). Every read and write is scoped to the caller's brand (`brandOf`): another brand's
 * offer or report is a 404 worded as an unknown one.
 */
export function merchantPortalRoutes(ctx: OffersContext): Router {
  const { em, log } = ctx;
  const router = Router();

  bindRoute(router, routes.brand, (_input, req) => getBrand(em, brandOf(req)));

  bindRoute(router, routes.brandOffers, (_input, req) => listBrandOffers(em, brandOf(req)));

  bindRoute(router, routes.brandOffer, ({ params }, req) =>
    getBrandOfferDetail(em, brandOf(req), offerIdOf(params)),
  );

  bindRoute(
    router,
    routes.pauseBrandOffer,
    async ({ params }, req) => {
      const offerId = offerIdOf(params);
      const record = await pauseBrandOffer(em, brandOf(req), offerId, req.identity, requestIdOf(req));
      ctx.catalogue.invalidate();
      log.info({ offerId, by: req.identity.userId, brandId: brandOf(req) }, 'offer paused by its merchant');
      return record;
    },
    // answered once the gateways have dropped the catalogue before it, as the console's pause (decision 005)
    { before: [answerAfter(() => ctx.catalogue.settled())] },
  );

  bindRoute(router, routes.previewPool, async ({ params }, req, res) => {
    const offerId = offerIdOf(params);
    const csv = await receiveCodesCsv(req, res);
    return previewPool(em, brandOf(req), offerId, csv);
  });

  bindRoute(router, routes.importPool, async ({ params }, req, res) => {
    const offerId = offerIdOf(params);
    const csv = await receiveCodesCsv(req, res);
    const result = await importPool(em, brandOf(req), offerId, csv, req.identity, requestIdOf(req));
    log.info({ offerId, by: req.identity.userId, added: result.added }, 'codes uploaded by the merchant');
    return result;
  });

  bindRoute(router, routes.funnel, ({ query }, req) => brandFunnel(em, brandOf(req), dayRangeOf(query)));

  // the answer type is written out: an async handler's `return SENT` alone would widen to `symbol`
  bindRoute(router, routes.funnelCsv, async ({ query }, req, res): Promise<typeof SENT> => {
    const funnel = await brandFunnel(em, brandOf(req), dayRangeOf(query));
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${funnelFileName(funnel)}"`,
    });
    res.send(funnelCsv(funnel));
    return SENT;
  });

  bindRoute(
    router,
    routes.institutions,
    ({ query }, req) => institutionBreakdown(em, brandOf(req), monthPeriodOf(query)),
    { before: [noDays] },
  );

  bindRoute(router, routes.brandCodeReports, ({ query }, req) =>
    listBrandReports(em, brandOf(req), query.status),
  );

  bindRoute(
    router,
    routes.answerCodeReport,
    ({ params, body }, req) =>
      answerBrandReport(ctx, brandOf(req), params.id, body, req.identity, requestIdOf(req)),
    { before: [idFirst(reportIdOf)] },
  );

  return router;
}
