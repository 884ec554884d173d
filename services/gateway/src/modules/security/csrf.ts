import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { HttpError } from '@tullab/http';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for cookie sessions (S10) on every non-safe /api call: a browser saying the call is cross-site
 * (Fetch Metadata) is refused; an Origin header, when present, must be ours. Calls with neither header come from
 * non-browser clients, which carry no ambient cookies, and pass.
 */
export function csrfGuard(publicUrl: string): RequestHandler {
  const ours = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (isCrossSite(req.headers, ours))
      throw new HttpError(403, 'Cross-site request refused', { code: 'csrf_failed' });
    next();
  };
}

/** Whether a call's headers say a browser sent it from another site than `ours` (an origin), as csrfGuard judges. */
export function isCrossSite(headers: IncomingHttpHeaders, ours: string): boolean {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  return (
    (typeof site === 'string' && site.toLowerCase() === 'cross-site') ||
    (origin !== undefined && originOf(origin) !== ours)
  );
}
