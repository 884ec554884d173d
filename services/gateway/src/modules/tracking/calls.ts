import type { IncomingMessage } from 'node:http';
import { TRACKING_BODY_LIMIT, trackingCall, type TrackingAnswer, type TrackingCall } from '@tullab/events';
import {
  HttpError,
  IDENTITY_HEADER,
  signIdentity,
  SIGNATURE_HEADER,
  zodFieldErrors,
  type Caller,
} from '@tullab/http';
import { hasBody } from '../security/body';
import type { TrackingBatches } from './batches';

/** The request's body as text, at most `limit` bytes (413 past it). */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (!hasBody(req)) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        // the rest is read and dropped once the answer is out
        req.resume();
        return reject(new HttpError(413, 'Request body is too large'));
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    // the client went away before the end (after it, this changes nothing)
    req.once('close', () => {
      if (!req.complete) reject(new HttpError(400, 'Request aborted'));
    });
  });
}

/**
 * The call as a batch carries it, or its refusal when it does not fit `trackingCall`, which offers checks each call of
 * a batch against (T28): refused here alone, it never joins a batch. The one part a client chooses that can be too
 * long is an offer id in the path, and offers knows no offer by it (its ids are UUIDs): 404, as a single call gets.
 * The body was read within its limit and the request id is the gateway's own (`requestIdFor`), so anything else is
 * this gateway's bug, refused with the field.
 */
function checkedCall(call: TrackingCall): TrackingCall {
  const parsed = trackingCall.safeParse(call);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0].path[0]);
  if (field === 'path') throw new HttpError(404, 'Offer not found');
  if (field === 'body') throw new HttpError(413, 'Request body is too large');
  const { message, errors } = zodFieldErrors(parsed.error);
  throw new HttpError(400, message, { errors });
}

/**
 * One tracking call on its way: its body (at most 1 kB, 413 past it) and its caller's signed identity join the next
 * batch to offers (decision 006); resolves to offers' answer to it, as if it had been passed on alone.
 */
export async function submitTrackingCall(
  batches: TrackingBatches,
  internalSecret: string,
  call: { req: IncomingMessage; path: string; caller: Caller; requestId: string },
): Promise<TrackingAnswer> {
  const body = await readBody(call.req, TRACKING_BODY_LIMIT);
  const signed = signIdentity(call.caller, internalSecret, 'offers');
  return batches.submit(
    checkedCall({
      path: call.path,
      identity: signed[IDENTITY_HEADER],
      signature: signed[SIGNATURE_HEADER],
      requestId: call.requestId,
      body,
    }),
  );
}
