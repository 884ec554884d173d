import type { Server } from 'node:http';
import type { Request } from 'express';
import { API_PREFIX } from '@tullab/contracts';
import { errorBody, listen, pathOf, processMetrics, sendMetrics, type ProcessMetrics } from '@tullab/http';
import { findRoute, type Route } from '../upstreams/routes';

/** The gateway's metrics (docs/metrics.md): its answers by route, and Node's own, labelled `service="gateway"`. */
export function gatewayMetrics(): ProcessMetrics {
  return processMetrics('gateway');
}

/**
 * The route label of an `/api` call no Express route of the gateway answered: the declared path it matched
 * (`/api/admin/offers/:id`), else `unmatched`; everything outside `/api` is the built apps (`app`).
 * Bounded by the routing table, never the URL itself.
 */
export function apiRouteLabel(url: string | undefined): string {
  const path = pathOf(url ?? '');
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return 'app';
  const route = findRoute(path);
  return route ? routeLabel(route) : 'unmatched';
}

/** A matched route's metrics label: its declared path as a browser calls it (`/api/admin/offers/:id`). */
export const routeLabel = (route: Pick<Route, 'pattern'>) => `${API_PREFIX}${route.pattern}`;

export const routeFallback = (req: Request): string => apiRouteLabel(req.originalUrl);

/**
 * The gateway's metrics port (METRICS_PORT): `GET /metrics` and nothing else, a JSON 404 for any other call. It is
 * not the public port, so Prometheus reaches it from inside the network and a visitor never does.
 */
export function listenForMetrics(metrics: ProcessMetrics, port: number): Promise<Server> {
  return listen((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      return void sendMetrics(metrics.registry, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(errorBody('Not found', 'not_found')));
  }, port);
}
