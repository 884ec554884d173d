import type { IncomingMessage } from 'node:http';
import { TRACKING_BODY_LIMIT } from '@tullab/contracts';
import type { Caller } from '@tullab/http';
import { isCrossSite } from '../security/csrf';
import { mediaType } from '../security/body';
import type { SessionCache } from '../sessions/cache';
import { visitor } from '../sessions/caller';
import { readCookie, type CookiePolicy } from '../sessions/cookies';
import { namesSession, sessionKeyOf } from '../sessions/resolver';
import type { TrackingBatches } from './batches';
import { trackingRouteOf, type TrackingRoute } from './calls';

/** What the fast path needs to take a tracking call before Express. */
export interface FastTrackingDeps {
  batches: TrackingBatches;
  sessions: SessionCache;
  policy: CookiePolicy;
  internalSecret: string;
  /** our public origin, which CSRF compares the caller's with */
  origin: string;
  /** the client's address as the app sees it (its `trust proxy` setting) */
  clientIp(req: IncomingMessage): string;
}

/**
 * The route of a tracking call the fast path may take before Express, when the app would do nothing else with it
 * than pass it on in a batch (decision 006): the exact path without a query string, not cross-site, either no body
 * or a JSON one of at most 1 kB whose length is given. Null for anything else: the app takes it, with every check
 * and every answer (403, 415, 413, the query string…).
 */
export function fastTrackingRoute(deps: FastTrackingDeps, req: IncomingMessage): TrackingRoute | null {
  const url = req.url ?? '';
  if (req.method !== 'POST' || url.includes('?')) return null;
  const route = trackingRouteOf(url, req.method);
  if (!route) return null;
  if (isCrossSite(req.headers, deps.origin) || req.headers['transfer-encoding'] !== undefined) return null;
  const length = Number(req.headers['content-length'] ?? 0);
  if (!(length >= 0 && length <= TRACKING_BODY_LIMIT)) return null;
  if (length > 0 && mediaType(req) !== 'application/json') return null;
  return route;
}

/**
 * Who makes such a call, without asking identity: a visitor when no session cookie came, or the session this
 * gateway keeps once it has heard the broadcasts sent before (decision 005). Null when identity must be asked (or a
 * malformed session cookie cleared): the app takes the call then.
 */
export async function fastTrackingCaller(
  deps: FastTrackingDeps,
  req: IncomingMessage,
): Promise<Caller | null> {
  const ip = deps.clientIp(req);
  const cookieHeader = req.headers.cookie;
  const token = readCookie(cookieHeader, deps.policy.names.sid);
  if (!token) return namesSession(deps.policy, cookieHeader) ? null : visitor(ip);
  const kept = await deps.sessions.fresh(sessionKeyOf(token));
  return kept ? { ...kept.caller, ip } : null;
}
