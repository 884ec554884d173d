// A route's paths, without zod: what the apps bundle beside their route table (`@tullab/contracts/route-table`).

/** What names a route: its method and its path under `/api`, with `:name` for each parameter. */
interface Named {
  method: string;
  path: string;
}

/** Where the gateway serves the API: every declared path is under it. */
export const API_PREFIX = '/api';

/** `POST /offers/:id/copy`: what names a route in logs, metrics and the gateway's tracking batches. */
export const routeKey = (route: Named) => `${route.method.toUpperCase()} ${route.path}`;

/** The names of a path's parameters, in order (`/offers/:id/reports` → `['id']`). */
export const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map(([, name]) => name);

/** The path with its parameters filled in, each encoded as one segment (`/offers/:id` → `/offers/4f1…`). */
export function pathOf(route: Pick<Named, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The URL path of a route with its parameters filled in (`/api/offers/4f1…`), as a browser calls it. */
export const apiPath = (route: Pick<Named, 'path'>, params?: Record<string, string | number>) =>
  `${API_PREFIX}${pathOf(route, params)}`;
