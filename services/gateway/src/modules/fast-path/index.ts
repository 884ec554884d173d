import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { logAnswer, requestIdFor, type Logger } from '@tullab/http';
import { isCatalogueCall, sendCatalogue, type CatalogueCache } from '../catalogue/cache';
import { keptSession, sendUser, type SessionDeps } from '../sessions/resolver';

export interface FastPathDeps extends Pick<SessionDeps, 'policy' | 'sessions'> {
  catalogue: CatalogueCache;
  /** the same security headers every answer of the app gets */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  log: Logger;
}

/**
 * The two calls nearly every page view makes, answered before Express when the answer is already kept in memory
 * (decision 005): the public catalogue (`GET /api/offers`) and a signed-in `GET /api/auth/user` whose session is
 * kept (and still kept once the broadcasts sent before the request have been heard). Everything a full answer has is here (request id, security headers, caching headers, the log line); what
 * the app's other middleware does (CSRF, body rules, routing, the session call) has nothing to do for them. Anything
 * else, or nothing kept, goes to the app unchanged.
 */
export function withFastPath(deps: FastPathDeps, app: RequestListener): RequestListener {
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    send: () => void,
    started = performance.now(),
  ) => {
    const id = requestIdFor(req.headers['x-request-id']);
    res.setHeader('x-request-id', id);
    for (const [name, value] of deps.securityHeaders) res.setHeader(name, value);
    send();
    logAnswer(deps.log, { id, method: req.method, url: req.url, status: res.statusCode, started });
  };
  return (req, res) => {
    if (isCatalogueCall(req.method, req.url)) {
      const catalogue = deps.catalogue.peek();
      if (catalogue) return answer(req, res, () => sendCatalogue(req, res, catalogue));
    } else if (req.method === 'GET' && req.url === '/api/auth/user') {
      const started = performance.now();
      const kept = keptSession(deps, req.headers.cookie);
      if (kept)
        return void kept.then((session) =>
          session ? answer(req, res, () => sendUser(res, session.user), started) : app(req, res),
        );
    }
    app(req, res);
  };
}
