import { Router, type RequestHandler } from 'express';
import { HttpError, parseListQuery, requireRole, sendList } from '@tullab/http';
import type { OffersContext } from '../../context';
import { requestIdOf, withinRate } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { analyticsBody, listStatsOptions, TRACKING_BODY_LIMIT } from './schemas';
import { listOfferStats, recordActivity, type ActivityEvent } from './service';

/** S33: at most 60 tracking calls per client address per minute. */
const TRACKING_CALLS_PER_MINUTE = 60;
const ACCEPTED = { message: 'Event recorded' };

/**
 * The tracking calls of SPEC §7 and the staff's daily counters. A tracking call answers 202 once its event is in the
 * outbox; the body's `studentId` is ignored (S29).
 */
export function trackingRoutes(ctx: OffersContext): Router {
  const router = Router();

  /** Per-address rate limit, then the 1 kB body limit (the gateway may stream the body without a length). */
  const guard: RequestHandler = async (req, _res, next) => {
    const key = `track:${req.identity.ip}`;
    await withinRate(ctx.limiter, key, TRACKING_CALLS_PER_MINUTE, 60, 'Too many requests. Please slow down.');
    const length = req.get('content-length') ?? Buffer.byteLength(JSON.stringify(req.body ?? {}));
    if (Number(length) > TRACKING_BODY_LIMIT) throw new HttpError(413, 'Request body is too large');
    next();
  };

  const track =
    (name: ActivityEvent): RequestHandler =>
    async (req, res) => {
      await recordActivity(ctx, name, offerIdOf(req.params), req.identity, requestIdOf(req));
      res.status(202).json(ACCEPTED);
    };

  router.post('/offers/:id/copy', guard, track('offer.code_copied'));
  router.post('/offers/:id/referral-click', guard, track('offer.referral_clicked'));
  router.post('/analytics', guard, async (req, res) => {
    const body = analyticsBody.parse(req.body ?? {});
    const name = body.eventType === 'offer_click' ? 'offer.viewed' : 'offer.link_shared';
    await recordActivity(ctx, name, body.offerId, req.identity, requestIdOf(req));
    res.status(202).json(ACCEPTED);
  });

  router.get('/admin/offers/:id/stats', requireRole('staff', 'admin'), async (req, res) => {
    const query = parseListQuery(req.query, listStatsOptions);
    const { items, total } = await listOfferStats(ctx.em, offerIdOf(req.params), query);
    sendList(res, 'offer-stats', items, total, query.offset);
  });

  return router;
}
