import type { RequestHandler } from 'express';
import { accounts } from '@tullab/contracts';
import { HttpError } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { bodyLimitFor } from '../security/body';
import { readCookie, STEP_COOKIE_HEADERS, type CookiePolicy, type StepCookieKind } from '../sessions/cookies';
import type { SessionCache } from '../sessions/cache';
import { resolveBrandApp } from '../sessions/brand-apps';
import { resolveSession, sendUser, type ResolvedCaller } from '../sessions/resolver';
import { forward } from './forward';
import { findRoute } from '../upstreams/routes';
import type { Upstreams } from '../upstreams/upstreams';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOW = METHODS.join(', ');

export interface ProxyDeps {
  upstreams: Upstreams;
  sessions: SessionCache;
  policy: CookiePolicy;
  internalSecret: string;
  log: Logger;
  timeoutMs: number;
}

/**
 * Everything under /api that the gateway does not answer itself: find the owner (404 if none), check the method
 * (405) and the body (415, 413), resolve the caller from the session cookie, or a brand's server from its app's
 * credentials (502/504 if identity cannot say), then
 * stream the call to the service and its answer back. A signed-in `GET /api/auth/user` is answered here from the
 * resolved session: identity has just said who the user is (decision 005).
 */
export function apiProxy(deps: ProxyDeps): RequestHandler {
  return async (req, res) => {
    const url = req.originalUrl;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = queryAt < 0 ? '' : url.slice(queryAt);
    const route = findRoute(pathname, req.method);
    if (!route) throw new HttpError(404, 'Not found');
    if (!METHODS.includes(req.method))
      throw new HttpError(405, 'Method not allowed', { headers: { Allow: ALLOW } });
    // No CORS: a preflight gets no Access-Control-* headers, so a foreign origin's browser stops there.
    if (req.method === 'OPTIONS') return void res.status(204).set('Allow', ALLOW).end();
    const bodyLimit = req.method === 'GET' || req.method === 'HEAD' ? null : bodyLimitFor(req, route.upload);
    // a brand's server shows its app's credentials; everyone else their session, if any
    const { caller, user }: ResolvedCaller =
      route.route?.access === 'brandApp'
        ? { caller: await resolveBrandApp(deps, req, res), user: null }
        : await resolveSession(deps, req, res);
    if (user && route.route === accounts.routes.currentUser && !query) return sendUser(res, user);
    const upstream = deps.upstreams.services[route.service];
    const headers: Record<string, string> = {};
    if (route.service === 'identity') {
      for (const [kind, header] of Object.entries(STEP_COOKIE_HEADERS) as [StepCookieKind, string][]) {
        const value = readCookie(req.headers.cookie, deps.policy.names[kind]);
        if (value) headers[header] = value;
      }
    }
    await forward(deps, req, res, { upstream, path: route.path + query, caller, bodyLimit, headers });
  };
}
