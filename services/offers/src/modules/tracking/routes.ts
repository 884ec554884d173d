import { Router, type Request, type RequestHandler } from 'express';
import { TRACKING_BATCH_PATH, trackingBatch, trackingCall, type TrackingAnswer } from '@tullab/events';
import { errorAnswer, HttpError, requestIdOf, verifyIdentity, type Identity } from '@tullab/http';
import type { OffersContext } from '../../context';
import { trackCall } from './calls';

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

/**
 * The tracking calls of SPEC §7, alone or in the gateway's batches (decision 006). A tracking call answers 202 once
 * its event is committed to the outbox (decision 004); the body's `studentId` is ignored (S29). Staff read the
 * daily counters with the offer (`adminOfferRoutes`).
 */
export function trackingRoutes(ctx: OffersContext): Router {
  const router = Router();

  const single: RequestHandler = async (req, res) => {
    await trackCall(ctx, {
      path: req.path,
      identity: req.identity,
      body: req.body ?? {},
      bytes: bytesOf(req),
      requestId: requestIdOf(req),
    });
    res.status(202).json(ACCEPTED);
  };
  router.post(['/offers/:id/copy', '/offers/:id/referral-click', '/analytics'], single);

  /** A call's refusal, logged under its own request id as a refused single call is. */
  const refusal = (err: unknown, call: { reqId: string | null; url: string }): TrackingAnswer => {
    const refused = errorAnswer(err);
    const context = { ...call, method: 'POST', status: refused.status };
    if (refused.status >= 500) ctx.log.error({ ...context, err }, 'request failed');
    else ctx.log.warn({ ...context, message: refused.body.message }, 'request refused');
    return refused;
  };

  /**
   * One call of a batch, answered as it would have been alone: a call without a call's shape gets its own 400 with
   * the field (T28), then its identity is checked on its own.
   */
  const answer = async (given: unknown, batchId: string | null): Promise<TrackingAnswer> => {
    const parsed = trackingCall.safeParse(given);
    if (!parsed.success) return refusal(parsed.error, { reqId: batchId, url: TRACKING_BATCH_PATH });
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
      await trackCall(ctx, {
        path: call.path,
        identity,
        body,
        bytes: Buffer.byteLength(call.body),
        requestId: call.requestId,
      });
      return { status: 202, body: ACCEPTED };
    } catch (err) {
      return refusal(err, { reqId: call.requestId, url: call.path });
    }
  };
  // the envelope strictly (a wrong one is the gateway's bug: 400 for the batch), each call on its own (T28)
  router.post(TRACKING_BATCH_PATH, async (req, res) => {
    const { calls } = trackingBatch.parse(req.body);
    const batchId = requestIdOf(req);
    res.json({ answers: await Promise.all(calls.map((call) => answer(call, batchId))) });
  });

  return router;
}
