import { Router } from 'express';
import { merchantReportAnswerBody } from '@tullab/contracts';
import { answerAfter, brandOf, requestIdOf, requireMerchant } from '@tullab/http';
import type { OffersContext } from '../../context';
import { offerIdOf } from '../offers/schemas';
import { reportIdOf } from '../code-reports/schemas';
import { brandFunnel } from './funnel';
import { funnelCsv, funnelFileName } from './funnel-csv';
import { institutionBreakdown } from './institutions';
import { getBrand, getBrandOfferDetail, listBrandOffers, pauseBrandOffer } from './offers';
import { importPool, previewPool, receiveCodesCsv } from './pool-upload';
import { monthPeriodOf } from './period';
import { dayRangeOf } from './range';
import { answerBrandReport, listBrandReports, merchantReportsQuery } from './reports';

/**
 * The merchant portal's offers API (issue 16, decision 016), `/merchant/*` for merchants only (`requireMerchant`:
 * a visitor 401, anyone else 403). Every read and write is scoped to the caller's brand (`brandOf`): another brand's
 * offer or report is a 404 worded as an unknown one.
 */
export function merchantPortalRoutes(ctx: OffersContext): Router {
  const { em, log } = ctx;
  const router = Router();

  router.get('/merchant/brand', requireMerchant, async (req, res) => {
    res.json(await getBrand(em, brandOf(req)));
  });

  router.get('/merchant/offers', requireMerchant, async (req, res) => {
    res.json(await listBrandOffers(em, brandOf(req)));
  });

  router.get('/merchant/offers/:id', requireMerchant, async (req, res) => {
    res.json(await getBrandOfferDetail(em, brandOf(req), offerIdOf(req.params)));
  });

  // answered once the gateways have dropped the catalogue before it, as the console's pause (decision 005)
  router.post(
    '/merchant/offers/:id/pause',
    requireMerchant,
    answerAfter(() => ctx.catalogue.settled()),
    async (req, res) => {
      const offerId = offerIdOf(req.params);
      const record = await pauseBrandOffer(em, brandOf(req), offerId, req.identity, requestIdOf(req));
      ctx.catalogue.invalidate();
      log.info({ offerId, by: req.identity.userId, brandId: brandOf(req) }, 'offer paused by its merchant');
      res.json(record);
    },
  );

  router.post('/merchant/offers/:id/pool/preview', requireMerchant, async (req, res) => {
    const offerId = offerIdOf(req.params);
    const csv = await receiveCodesCsv(req, res);
    res.json(await previewPool(em, brandOf(req), offerId, csv));
  });

  router.post('/merchant/offers/:id/pool', requireMerchant, async (req, res) => {
    const offerId = offerIdOf(req.params);
    const csv = await receiveCodesCsv(req, res);
    const result = await importPool(em, brandOf(req), offerId, csv, req.identity, requestIdOf(req));
    log.info({ offerId, by: req.identity.userId, added: result.added }, 'codes uploaded by the merchant');
    res.json(result);
  });

  router.get('/merchant/funnel', requireMerchant, async (req, res) => {
    res.json(await brandFunnel(em, brandOf(req), dayRangeOf(req.query)));
  });

  router.get('/merchant/funnel.csv', requireMerchant, async (req, res) => {
    const funnel = await brandFunnel(em, brandOf(req), dayRangeOf(req.query));
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${funnelFileName(funnel)}"`,
    });
    res.send(funnelCsv(funnel));
  });

  router.get('/merchant/institutions', requireMerchant, async (req, res) => {
    res.json(await institutionBreakdown(em, brandOf(req), monthPeriodOf(req.query)));
  });

  router.get('/merchant/code-reports', requireMerchant, async (req, res) => {
    const { status } = merchantReportsQuery.parse(req.query);
    res.json(await listBrandReports(em, brandOf(req), status));
  });

  router.post('/merchant/code-reports/:id/answer', requireMerchant, async (req, res) => {
    const id = reportIdOf(req.params);
    const body = merchantReportAnswerBody.parse(req.body ?? {});
    res.json(await answerBrandReport(ctx, brandOf(req), id, body, req.identity, requestIdOf(req)));
  });

  return router;
}
