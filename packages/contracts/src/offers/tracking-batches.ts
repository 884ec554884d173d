import { z } from 'zod';

/*
 * Tracking calls travel from the gateway to offers in batches (docs/decisions/006). The gateway resolves each call's
 * caller as for any other call, signs that identity for the call alone, and posts the calls that wait together to
 * offers' `offersTracking.routes.batch` (openapi/internal.ts), which the gateway never routes from outside. A call
 * names its route and the parameters the gateway matched, as declared in the contracts (decision 018): offers answers
 * it by that route as it would have answered it alone (202, 404, 413, 429, 503…), in the order they came.
 */

/** A tracking call's body is at most 1 kB (SPEC §7, S33); the gateway refuses more before it batches anything. */
export const TRACKING_BODY_LIMIT = 1024;

/**
 * A batch holds at most this many calls (offers stores them as one `offer.activity_recorded` at most), and at most
 * TRACKING_BATCH_BYTES of them as the JSON sent (the services' JSON body limit is 100 kB: a batch is never refused
 * whole for its size, T28).
 */
export const TRACKING_BATCH_MAX = 500;
export const TRACKING_BATCH_BYTES = 64 * 1024;

/**
 * One call of a batch. The gateway checks each call against it before the call joins a batch, and refuses it alone
 * when it does not fit; offers checks each call on its own again, so that one malformed call is answered alone and
 * never costs its neighbours their answers (T28).
 */
export const trackingCall = z.object({
  /** the call's route as `routeKey` names it (`POST /offers/:id/copy`): one the contracts declare `tracking` */
  route: z.string().max(128),
  /** the path's parameters by name, decoded, as the gateway matched the path against the route (`{ id: '4f1…' }`) */
  params: z.record(z.string().max(32), z.string().max(256)),
  /** the caller's signed identity, as the identity and signature headers of a single call carry it */
  identity: z.string().max(4096),
  signature: z.string().max(128),
  requestId: z.string().max(128),
  /** the call's JSON body as the client sent it ('' for none) */
  body: z.string().max(TRACKING_BODY_LIMIT),
});
export type TrackingCall = z.infer<typeof trackingCall>;

/** A batch's envelope as offers reads it; each call is then read with `trackingCall` on its own (T28). */
export const trackingBatch = z.object({
  calls: z.array(z.unknown()).min(1).max(TRACKING_BATCH_MAX),
});
/** A batch as the gateway sends it. */
export interface TrackingBatch {
  calls: TrackingCall[];
}

/** How offers answered one call: its status, JSON body and headers (`Retry-After` on a 429). */
export const trackingAnswer = z.object({
  status: z.number().int().min(200).max(599),
  body: z.record(z.string(), z.unknown()),
  headers: z.record(z.string(), z.string()).optional(),
});
export type TrackingAnswer = z.infer<typeof trackingAnswer>;

/** One answer per call, in the batch's order. */
export const trackingBatchAnswer = z.object({ answers: z.array(trackingAnswer) });
