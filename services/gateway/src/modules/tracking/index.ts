import type { RequestHandler } from 'express';
import { bodyLimitFor } from '../security/body';
import { resolveSession, type SessionDeps } from '../sessions/resolver';
import type { TrackingBatches } from './batches';
import { submitTrackingCall, trackingRouteOf } from './calls';

export * from './batches';
export * from './fast';

export interface TrackingCallsDeps extends SessionDeps {
  batches: TrackingBatches;
}

/**
 * SPEC §7's tracking calls (`POST /api/offers/:id/copy`, `/referral-click`, `/api/analytics`) that the fast path
 * left to the app, mounted under /api before everything that has nothing to do for them: the body rules and the
 * session as for any call, then the call joins the next batch to offers (decision 006), and the client gets offers'
 * answer to it. The query string, which offers ignores, stays here.
 */
export function trackingCalls(deps: TrackingCallsDeps): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'POST') return next();
    const url = req.originalUrl;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const route = trackingRouteOf(pathname, req.method);
    if (!route) return next();
    bodyLimitFor(req, route.upload);
    const { caller } = await resolveSession(deps, req, res);
    const requestId = String(res.getHeader('x-request-id') ?? '');
    const answer = await submitTrackingCall(deps.batches, deps.internalSecret, {
      req,
      route,
      caller,
      requestId,
    });
    if (answer.headers) res.set(answer.headers);
    res.status(answer.status).json(answer.body);
  };
}
