import { HttpError } from '@tullab/http';
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
