import { HttpError, UNAVAILABLE_MESSAGE } from '@tullab/http';
import { UpstreamError, type Upstream } from './upstreams';

/** 502 `{ message: 'Offers service unavailable' }` (CONVENTIONS "Errors"). */
export const unavailable = (upstream: Upstream) =>
  new HttpError(502, `${upstream.label} service unavailable`);

/** 504 when the service stays silent for longer than the upstream timeout. */
export const timedOut = (upstream: Upstream) =>
  new HttpError(504, `${upstream.label} service did not answer in time`);

export function fromUpstreamError(err: UpstreamError): HttpError {
  return err.kind === 'timeout' ? timedOut(err.upstream) : unavailable(err.upstream);
}

/**
 * What the gateway answers when a service's internal answer is not what it expects: the service's own 503 (its
 * database or Redis is out of reach for a moment) stays a 503 with Retry-After; anything else means the service is
 * not working, a 502.
 */
export function fromUnexpectedAnswer(upstream: Upstream, status: number): HttpError {
  if (status === 503) return new HttpError(503, UNAVAILABLE_MESSAGE, { headers: { 'Retry-After': '5' } });
  return unavailable(upstream);
}
