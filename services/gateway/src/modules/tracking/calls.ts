import type { IncomingMessage } from 'node:http';
import {
  routeKey,
  TRACKING_BODY_LIMIT,
  trackingCall,
  type TrackingAnswer,
  type ApiRoute,
  type TrackingCall,
} from '@tullab/contracts';
import { HttpError, signIdentity, zodFieldErrors, type Caller } from '@tullab/http';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@tullab/contracts';
import { hasBody } from '../security/body';
import { findRoute, type Route } from '../upstreams/routes';
import type { TrackingBatches } from './batches';

/** A call `findRoute` matched to a route declared `tracking` (SPEC §7): the declaration and the path's parameters. */
export interface TrackingRoute extends Route {
  route: ApiRoute;
}

/** The tracking route a call of `method` to `pathname` (the URL's path, no query string) is for, if any. */
export function trackingRouteOf(pathname: string, method: string): TrackingRoute | null {
  const found = findRoute(pathname, method);
  return found?.route?.tracking ? { ...found, route: found.route } : null;
}

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
 * long is a parameter of the path (an offer id), and offers knows nothing by it (its ids are UUIDs): 404 with the
 * route's own words, as a single call gets. The body was read within its limit and the request id is the gateway's
 * own (`requestIdFor`), so anything else is this gateway's bug, refused with the field.
 */
function checkedCall(call: TrackingCall, route: TrackingRoute): TrackingCall {
  const parsed = trackingCall.safeParse(call);
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0].path[0]);
  if (field === 'params') throw new HttpError(404, route.route.notFound ?? 'Not found');
  if (field === 'body') throw new HttpError(413, 'Request body is too large');
  const { message, errors } = zodFieldErrors(parsed.error);
  throw new HttpError(400, message, { errors });
}

/**
 * One tracking call on its way: its route and parameters as `findRoute` matched them, its body (at most 1 kB, 413
 * past it) and its caller's signed identity join the next batch to offers (decision 006); resolves to offers' answer
 * to it, as if it had been passed on alone.
 */
export async function submitTrackingCall(
  batches: TrackingBatches,
  internalSecret: string,
  call: { req: IncomingMessage; route: TrackingRoute; caller: Caller; requestId: string },
): Promise<TrackingAnswer> {
  const body = await readBody(call.req, TRACKING_BODY_LIMIT);
  const signed = signIdentity(call.caller, internalSecret, 'offers');
  return batches.submit(
    checkedCall(
      {
        route: routeKey(call.route.route),
        params: call.route.params,
        identity: signed[IDENTITY_HEADER],
        signature: signed[SIGNATURE_HEADER],
        requestId: call.requestId,
        body,
      },
      call.route,
    ),
  );
}
