import { API_PREFIX, apiGroups, type ApiRoute, type RouteGroup } from '@tullab/contracts';
import type { ServiceName } from './upstreams';

/** A declared route's path as segments to match: a literal, or `null` for a `:parameter` (any one segment). */
interface Compiled {
  segments: (string | null)[];
  service: ServiceName;
  /** the declarations of this path, one per method */
  routes: ApiRoute[];
}

/**
 * The routing table (decision 001), made from the routes @tullab/contracts declares: every path a service answers,
 * under the service that owns it. Paths the gateway answers itself are not in it. Grouped by first segment and
 * length; within a group a literal segment wins over a parameter at the first place they differ
 * (`/merchant/offers/pool` before `/merchant/offers/:id`).
 */
function compile(declared: readonly RouteGroup[]): Map<string, Compiled[]> {
  const byPath = new Map<string, Compiled>();
  for (const { owner, routes } of declared) {
    if (owner === 'gateway') continue;
    for (const route of Object.values(routes)) {
      const entry = byPath.get(route.path);
      if (entry) {
        if (entry.service !== owner) throw new Error(`${route.path} is declared by two services`);
        entry.routes.push(route);
        continue;
      }
      const segments = route.path
        .slice(1)
        .split('/')
        .map((segment) => (segment.startsWith(':') ? null : segment));
      byPath.set(route.path, { segments, service: owner, routes: [route] });
    }
  }
  const groups = new Map<string, Compiled[]>();
  for (const entry of byPath.values()) {
    const key = `${entry.segments.length}/${entry.segments[0]}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const literalFirst = (a: Compiled, b: Compiled) => {
    const at = a.segments.findIndex((segment, i) => (segment === null) !== (b.segments[i] === null));
    return at < 0 ? 0 : a.segments[at] === null ? 1 : -1;
  };
  for (const group of groups.values()) group.sort(literalFirst);
  return groups;
}

const table = compile(apiGroups);

export interface Route {
  service: ServiceName;
  /** the declared path that matched (`/offers/:id`): a bounded metrics label */
  pattern: string;
  /** path on the service, with a leading '/', exactly as the client sent it (still percent-encoded) */
  path: string;
  /**
   * the declaration for the call's method, the group's own object (`route.route === accounts.routes.currentUser`);
   * null when the path is declared for other methods only
   */
  route: ApiRoute | null;
  /** takes `multipart/form-data` (a file), capped at MULTIPART_LIMIT instead of JSON_LIMIT */
  upload: boolean;
  /** a tracking call (SPEC §7), passed on to offers in a batch (decision 006) */
  tracking: boolean;
  /** the path's parameters by name, decoded */
  params: Record<string, string>;
}

const UNDER_API = `${API_PREFIX}/`;

/**
 * Finds the owner of a call with `method` to `pathname` (the URL's path, still percent-encoded, without the query
 * string): null outside the API. Anything that could mean a different path once decoded or normalised by the service
 * (`..`, `.`, an encoded `/` or `\`, empty segments other than one trailing slash, bad percent-encoding) matches
 * nothing, so it ends as a 404.
 */
export function findRoute(pathname: string, method = 'GET'): Route | null {
  if (!pathname.startsWith(UNDER_API)) return null;
  const rawPath = pathname.slice(UNDER_API.length);
  const trimmed = rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  if (!trimmed) return null;
  const raw = trimmed.split('/');
  const decoded: string[] = [];
  for (const segment of raw) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (!value || value === '.' || value === '..' || /[/\\\0]/.test(value)) return null;
    decoded.push(value);
  }
  // Literal segments are matched raw, as the service's router will see them.
  const entry = table
    .get(`${raw.length}/${raw[0]}`)
    ?.find(({ segments }) => segments.every((segment, i) => segment === null || segment === raw[i]));
  if (!entry) return null;
  const lower = method.toLowerCase();
  const route = entry.routes.find((declared) => declared.method === lower) ?? null;
  const params: Record<string, string> = {};
  const names = entry.routes[0].path.slice(1).split('/');
  entry.segments.forEach((segment, i) => {
    if (segment === null) params[names[i].slice(1)] = decoded[i];
  });
  return {
    service: entry.service,
    pattern: entry.routes[0].path,
    path: `/${rawPath}`,
    route,
    upload: route?.upload === true,
    tracking: route?.tracking === true,
    params,
  };
}
