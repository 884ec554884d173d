import { Router, type Request, type RequestHandler } from 'express';
import type { OffersContext } from '../../context';
import {
  errorAnswer,
  HttpError,
  requestIdOf,
  verifyIdentity,
  type Identity,
  bindRoute,
  routeInput,
} from '@tullab/http';
import { admitCall, trackingCalls } from './calls';
import { offersTracking, routeKey, trackingCall, type TrackingAnswer } from '@tullab/contracts';
import { recordActivity } from './service';

const ACCEPTED = { message: 'Event recorded' };

/** The size of the body a single call came with (the gateway may stream it without a length). */
const bytesOf = (req: Request) =>
  Number(req.get('content-length') ?? Buffer.byteLength(JSON.stringify(req.body ?? {})));

/** A batched call's body, parsed as express.json would have parsed it alone. */
function parsedBody(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Malformed JSON body', {
      code: 'malformed_body',
      errors: { body: 'Malformed JSON body' },
    });
  }
}

/** The tracking calls by the key a batched call names its route with (`POST /offers/:id/copy`). */
const byRouteKey = new Map(trackingCalls.map((tracking) => [routeKey(tracking.route), tracking]));

/**
 * The tracking calls of SPEC §7, alone or in the gateway's batches (decision 006). A tracking call answers 202 once
 * its event is committed to the outbox (decision 004); the body's `studentId` is ignored (S29). Staff read the
 * daily counters in `offerStatsRoutes`.
 */
export function trackingRoutes(ctx: OffersContext): Router {
  const router = Router();

  // a single call meets the rate limit and the size limit before its route's schemas read its input (404, 400)
  const admitted: RequestHandler = async (req, _res, next) => {
    await admitCall(ctx, req.identity, bytesOf(req));
    next();
  };
  for (const { route, activityOf } of trackingCalls)
    bindRoute(
      router,
      route,
      async (input, req) => {
        const { kind, offerId } = activityOf(input);
        await recordActivity(ctx, kind, offerId, req.identity, requestIdOf(req));
        return ACCEPTED;
      },
      { before: [admitted] },
    );

  /** A call's refusal, logged under its own request id as a refused single call is. */
  const refusal = (err: unknown, call: { reqId: string | null; route: string }): TrackingAnswer => {
    const refused = errorAnswer(err);
    const context = { ...call, status: refused.status };
    if (refused.status >= 500) ctx.log.error({ ...context, err }, 'request failed');
    else ctx.log.warn({ ...context, message: refused.body.message }, 'request refused');
    return refused;
  };

  /**
   * One call of a batch, answered as it would have been alone: a call without a call's shape gets its own 400 with
   * the field (T28), then its identity is checked on its own, then it meets what a single call of its route meets,
   * in the same order; a route that is not a tracking call's is a 404, as its path is to a single call.
   */
  const answer = async (given: unknown, batchId: string | null): Promise<TrackingAnswer> => {
    const parsed = trackingCall.safeParse(given);
    if (!parsed.success)
      return refusal(parsed.error, { reqId: batchId, route: routeKey(offersTracking.routes.batch) });
    const call = parsed.data;
    try {
      const identity: Identity | null = verifyIdentity(
        call.identity,
        call.signature,
        ctx.config.INTERNAL_SECRET,
        'offers',
      );
      if (!identity) throw new HttpError(401, 'Unauthorized');
      const body = parsedBody(call.body);
      await admitCall(ctx, identity, Buffer.byteLength(call.body));
      const tracking = byRouteKey.get(call.route);
      if (!tracking) throw new HttpError(404, 'Not found');
      const input = routeInput(tracking.route, { params: call.params, query: {}, body });
      const { kind, offerId } = tracking.activityOf(input);
      await recordActivity(ctx, kind, offerId, identity, call.requestId);
      return { status: 202, body: ACCEPTED };
    } catch (err) {
      return refusal(err, { reqId: call.requestId, route: call.route });
    }
  };
  // the envelope strictly (a wrong one is the gateway's bug: 400 for the batch), each call on its own (T28)
  bindRoute(router, offersTracking.routes.batch, async ({ body }, req) => {
    const batchId = requestIdOf(req);
    return { answers: await Promise.all(body.calls.map((call) => answer(call, batchId))) };
  });

  return router;
}
