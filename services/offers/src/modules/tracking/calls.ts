import { type ActivityKind, analyticsBody } from '@tullab/contracts';
import { TRACKING_BODY_LIMIT } from '@tullab/events';
import { HttpError, type Identity } from '@tullab/http';
import type { OffersContext } from '../../context';
import { withinRate } from '../../http';
import { offerIdOf } from '../offers/schemas';
import { trackingLimit } from './limits';
import { recordActivity } from './service';

/** One tracking call of SPEC §7, whether it came alone or in a batch from the gateway (decision 006). */
export interface TrackingCallInput {
  /** its path on offers, without the query string */
  path: string;
  identity: Identity;
  /** the parsed JSON body ({} for none) */
  body: unknown;
  /** the body's size in bytes */
  bytes: number;
  /** the id of the call's own request, kept in its event */
  requestId: string | null;
}

const ON_OFFER = /^\/offers\/([^/]+)\/(copy|referral-click)\/?$/;
const ANALYTICS = /^\/analytics\/?$/;

/** What a call records: the kind of activity and its offer, from the path (and the body for `/analytics`). */
function activityOf(path: string, body: unknown): { kind: ActivityKind; offerId: string } {
  const onOffer = ON_OFFER.exec(path);
  if (onOffer) {
    const kind = onOffer[2] === 'copy' ? 'code_copied' : 'referral_clicked';
    return { kind, offerId: offerIdOf({ id: onOffer[1] }) };
  }
  if (!ANALYTICS.test(path)) throw new HttpError(404, 'Not found');
  const parsed = analyticsBody.parse(body);
  return { kind: parsed.eventType === 'offer_click' ? 'viewed' : 'link_shared', offerId: parsed.offerId };
}

/**
 * Checks and records one tracking call: the rate limit (per user, or per address for visitors), the 1 kB body
 * limit, the body (`/analytics`), then the event, stored with the calls that arrive meanwhile (decision 004).
 * Resolves once it is committed; throws the HttpError (or ZodError) the caller is answered with otherwise.
 */
export async function trackCall(ctx: OffersContext, call: TrackingCallInput): Promise<void> {
  const { key, perMinute } = trackingLimit(call.identity);
  await withinRate(ctx.limiter, key, perMinute, 60, 'Too many requests. Please slow down.');
  if (call.bytes > TRACKING_BODY_LIMIT) throw new HttpError(413, 'Request body is too large');
  const { kind, offerId } = activityOf(call.path, call.body);
  await recordActivity(ctx, kind, offerId, call.identity, call.requestId);
}
