import { z } from 'zod';
import { ACTIVITY_BATCH_MAX } from './offers';

/**
 * Tracking calls travel from the gateway to offers in batches (docs/decisions/006). The gateway resolves each call's
 * caller as for any other call, signs that identity for the call alone, and posts the calls that wait together to
 * offers' `TRACKING_BATCH_PATH`, which the gateway never routes from outside. Offers answers each call as it would
 * have answered it alone (202, 404, 413, 429, 503…), in the order they came.
 */
export const TRACKING_BATCH_PATH = '/internal/tracking-batches';

/** A tracking call's body is at most 1 kB (SPEC §7, S33); the gateway refuses more before it batches anything. */
export const TRACKING_BODY_LIMIT = 1024;

/** A batch holds at most this many calls, and at most TRACKING_BATCH_BYTES of them (the services take 100 kB). */
export const TRACKING_BATCH_MAX = ACTIVITY_BATCH_MAX;
export const TRACKING_BATCH_BYTES = 64 * 1024;

export const trackingCall = z.object({
  /** the call's path on offers (`/offers/:id/copy`, `/offers/:id/referral-click`, `/analytics`), no query string */
  path: z.string().max(256),
  /** the caller's signed identity, as the identity and signature headers of a single call carry it */
  identity: z.string().max(4096),
  signature: z.string().max(128),
  requestId: z.string().max(128),
  /** the call's JSON body as the client sent it ('' for none) */
  body: z.string().max(TRACKING_BODY_LIMIT),
});
export type TrackingCall = z.infer<typeof trackingCall>;

export const trackingBatch = z.object({
  calls: z.array(trackingCall).min(1).max(TRACKING_BATCH_MAX),
});
export type TrackingBatch = z.infer<typeof trackingBatch>;

/** How offers answered one call: its status, JSON body and headers (`Retry-After` on a 429). */
export const trackingAnswer = z.object({
  status: z.number().int().min(200).max(599),
  body: z.record(z.string(), z.unknown()),
  headers: z.record(z.string(), z.string()).optional(),
});
export type TrackingAnswer = z.infer<typeof trackingAnswer>;

/** One answer per call, in the batch's order. */
export const trackingBatchAnswer = z.object({ answers: z.array(trackingAnswer) });
