import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  HttpError,
  errorBody,
  logAnswer,
  observeWhenClosed,
  requestIdFor,
  type ProcessMetrics,
} from '@tullab/http';
import type { Logger } from '@tullab/log';
import { accounts, apiPath } from '@tullab/contracts';
import { CATALOGUE_PATH, isCatalogueCall, sendCatalogue, type CatalogueCache } from '../catalogue/cache';
import { apiRouteLabel, routeLabel } from '../metrics';
import { keptSession, sendUser, type SessionDeps } from '../sessions/resolver';
import { fastTrackingCaller, fastTrackingRoute, type FastTrackingDeps } from '../tracking/fast';
import { submitTrackingCall, type TrackingRoute } from '../tracking/calls';

export interface FastPathDeps extends Pick<SessionDeps, 'policy' | 'sessions'> {
  catalogue: CatalogueCache;
  tracking: FastTrackingDeps;
  /** the same security headers every answer of the app gets */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  /** how long a tracking call's body may take to arrive (S27: 408 and the connection closed after it) */
  bodyDeadlineMs: number;
  /** the app's metrics: an answer given here is counted as the app would count it */
  metrics: ProcessMetrics;
  log: Logger;
}

const CATALOGUE_ROUTE = apiRouteLabel(CATALOGUE_PATH);
const USER_PATH = apiPath(accounts.routes.currentUser);
const USER_ROUTE = apiRouteLabel(USER_PATH);

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * The calls nearly every page view makes, answered before Express when nothing but the answer is left to do
 * (decisions 005 and 006): the public catalogue (`GET /api/offers`) and a signed-in `GET /api/auth/user` whose
 * session is kept, each still kept once the broadcasts sent before the request have been heard (T27), and the
 * tracking calls that need no check the app would refuse them on (`fastTrackingRoute`) from a visitor or a kept
 * session. Everything a full answer has is here (request id, security headers, caching headers, the body
 * deadline, the log line, the metrics). Anything else, or nothing kept, goes to the app unchanged.
 */
export function withFastPath(deps: FastPathDeps, app: RequestListener): RequestListener {
  /** The request id and the security headers, set on the answer; returns the id. */
  const begin = (req: IncomingMessage, res: ServerResponse) => {
    const id = requestIdFor(req.headers['x-request-id']);
    res.setHeader('x-request-id', id);
    for (const [name, value] of deps.securityHeaders) res.setHeader(name, value);
    return id;
  };
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    route: string,
    send: () => void,
    started = performance.now(),
  ) => {
    const id = begin(req, res);
    send();
    logAnswer(deps.log, { id, method: req.method, url: req.url, status: res.statusCode, started });
    deps.metrics.observe(req.method, route, res.statusCode, started);
  };

  /** A tracking call (decision 006): its body within the deadline, then offers' answer, or the refusal. */
  const track = async (req: IncomingMessage, res: ServerResponse, route: TrackingRoute) => {
    const started = performance.now();
    const caller = await fastTrackingCaller(deps.tracking, req);
    if (!caller) return app(req, res);
    const id = begin(req, res);
    // counted when the answer is out: a 408 is sent while the body may never finish arriving
    observeWhenClosed(deps.metrics, req, res, () => routeLabel(route), started);
    res.setHeader('Cache-Control', 'no-store');
    const deadline = setTimeout(() => {
      if (res.headersSent) return;
      res.setHeader('Connection', 'close');
      sendJson(res, 408, errorBody('Request timeout', 'request_timeout'));
      res.once('finish', () => req.socket.destroy());
    }, deps.bodyDeadlineMs);
    try {
      const { batches, internalSecret } = deps.tracking;
      const sent = await submitTrackingCall(batches, internalSecret, { req, route, caller, requestId: id });
      if (!res.headersSent) sendJson(res, sent.status, sent.body, sent.headers);
    } catch (err) {
      const refusal = err instanceof HttpError ? err : new HttpError(500, 'Something went wrong');
      if (refusal.status >= 500) deps.log.error({ reqId: id, err }, 'request failed');
      if (!res.headersSent)
        sendJson(res, refusal.status, errorBody(refusal.message, refusal.code), refusal.headers);
    } finally {
      clearTimeout(deadline);
    }
    logAnswer(deps.log, { id, method: req.method, url: req.url, status: res.statusCode, started });
  };

  return (req, res) => {
    if (isCatalogueCall(req.method, req.url)) {
      const started = performance.now();
      if (deps.catalogue.peek())
        return void deps.catalogue
          .fresh()
          .then((catalogue) =>
            catalogue
              ? answer(req, res, CATALOGUE_ROUTE, () => sendCatalogue(req, res, catalogue), started)
              : app(req, res),
          );
    } else if (req.method === 'GET' && req.url === USER_PATH) {
      const started = performance.now();
      const kept = keptSession(deps, req.headers.cookie);
      if (kept)
        return void kept.then((session) =>
          session ? answer(req, res, USER_ROUTE, () => sendUser(res, session.user), started) : app(req, res),
        );
    } else if (req.method === 'POST') {
      const route = fastTrackingRoute(deps.tracking, req);
      if (route) return void track(req, res, route);
    }
    app(req, res);
  };
}
