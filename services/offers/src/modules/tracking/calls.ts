import type { OffersContext } from '../../context';
import { type ActivityKind, offers, TRACKING_BODY_LIMIT, type ApiRoute } from '@tullab/contracts';
import { HttpError, type Identity, type RouteInput } from '@tullab/http';
import { withinRate } from '../../http';
import { trackingLimit } from './limits';

/** What a tracking call records: the kind of activity and its offer. */
export interface TrackedActivity {
  kind: ActivityKind;
  offerId: string;
}

/** A tracking route (SPEC §7) and what a call of it records, from its input as the route's schemas parse it. */
export interface TrackingRoute<R extends ApiRoute = ApiRoute> {
  route: R;
  activityOf(input: RouteInput<R>): TrackedActivity;
}

const tracking = <R extends ApiRoute>(
  route: R,
  activityOf: (input: RouteInput<R>) => TrackedActivity,
): TrackingRoute<R> => ({ route, activityOf });

const { copyCode, referralClick, analytics } = offers.routes;

/**
 * The tracking calls, whether they come alone or in a batch from the gateway (decision 006), each by its declared
 * route: a copied code or a click-through on the offer of the path, an opened card or a copied share link of the
 * offer `/analytics` names.
 */
export const trackingCalls: TrackingRoute[] = [
  tracking(copyCode, ({ params }) => ({ kind: 'code_copied', offerId: params.id })),
  tracking(referralClick, ({ params }) => ({ kind: 'referral_clicked', offerId: params.id })),
  tracking(analytics, ({ body }) => ({
    kind: body.eventType === 'offer_click' ? 'viewed' : 'link_shared',
    offerId: body.offerId,
  })),
];

/**
 * What a tracking call meets before its input is read, in this order: the rate limit (per user, or per address for
 * visitors), then the 1 kB body limit (413).
 */
export async function admitCall(ctx: OffersContext, identity: Identity, bytes: number): Promise<void> {
  const { key, perMinute } = trackingLimit(identity);
  await withinRate(ctx.limiter, key, perMinute, 60, 'Too many requests. Please slow down.');
  if (bytes > TRACKING_BODY_LIMIT) throw new HttpError(413, 'Request body is too large');
}
