import { Router, type RequestHandler } from 'express';
import type { ActivityKind } from '@tullab/events';
import { HttpError, parseListQuery, requireRole, sendList } from '@tullab/http';
import type { OffersContext } from '../../context';
import { withinRate } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { trackingLimit } from './limits';
import { analyticsBody, listStatsOptions, TRACKING_BODY_LIMIT } from './schemas';
import { listOfferStats, recordActivity } from './service';

const ACCEPTED = { message: 'Event recorded' };

/**
 * The tracking calls of SPEC §7 and the staff's daily counters. A tracking call answers 202 once its event is
 * committed to the outbox (decision 004); the body's `studentId` is ignored (S29).
 */
export function trackingRoutes(ctx: OffersContext): Router {
  const router = Router();

  /**
   * The rate limit (per user, or per address for visitors), then the 1 kB body limit (the gateway may stream the
   * body without a length).
   */
  const guard: RequestHandler = async (req, _res, next) => {
    const { key, perMinute } = trackingLimit(req.identity);
    await withinRate(ctx.limiter, key, perMinute, 60, 'Too many requests. Please slow down.');
    const length = req.get('content-length') ?? Buffer.byteLength(JSON.stringify(req.body ?? {}));
    if (Number(length) > TRACKING_BODY_LIMIT) throw new HttpError(413, 'Request body is too large');
    next();
  };

  const track =
    (kind: ActivityKind): RequestHandler =>
    async (req, res) => {
      await recordActivity(ctx, kind, offerIdOf(req.params), req.identity);
      res.status(202).json(ACCEPTED);
    };

  router.post('/offers/:id/copy', guard, track('code_copied'));
  router.post('/offers/:id/referral-click', guard, track('referral_clicked'));
  router.post('/analytics', guard, async (req, res) => {
    const body = analyticsBody.parse(req.body ?? {});
    const kind = body.eventType === 'offer_click' ? 'viewed' : 'link_shared';
    await recordActivity(ctx, kind, body.offerId, req.identity);
    res.status(202).json(ACCEPTED);
  });

  router.get('/admin/offers/:id/stats', requireRole('staff', 'admin'), async (req, res) => {
    const query = parseListQuery(req.query, listStatsOptions);
    const { items, total } = await listOfferStats(ctx.em, offerIdOf(req.params), query);
    sendList(res, 'offer-stats', items, total, query.offset);
  });

  return router;
}
