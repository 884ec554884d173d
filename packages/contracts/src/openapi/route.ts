import { z } from 'zod';

/** Who may call a route, as the authorisation matrix (S30) checks it; `merchant` for its own brand only (decision 016). */
/** Who may call a route; `brandApp` is a brand's server, with its app's client id and secret (issue 30). */
export type Access =
  'anyone' | 'signedIn' | 'student' | 'activeStudent' | 'staff' | 'admin' | 'merchant' | 'brandApp';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who answers a route: the gateway itself or the service the gateway passes it on to (decision 001). */
export type RouteOwner = 'gateway' | 'identity' | 'verification' | 'offers' | 'notifications';

/**
 * How a `filter` field of an admin list compares: `bool` takes true/false (or "true"/"false"), `in` a list, `uuid`
 * an id. A `gte`/`lte` field named `<field>_gte` / `<field>_lte` (react-admin's range inputs) bounds `<field>`, and
 * takes a number or a date.
 */
export type FilterOperator = 'eq' | 'ilike' | 'in' | 'bool' | 'gte' | 'lte' | 'uuid';
export type SortOrder = 'ASC' | 'DESC';

/** A list in the admin console's dialect (ra-data-simple-rest): what it is called and what it sorts and filters by. */
export interface ListDialect {
  /** the console's resource, named in `Content-Range: <resource> <first>-<last>/<total>` */
  resource: string;
  /** fields `sort` may name */
  sortable: readonly string[];
  /** fields `filter` may name besides `id` (always allowed: getMany) and `q` (with `search`) */
  filterable: Readonly<Record<string, FilterOperator>>;
  defaultSort: readonly [string, SortOrder];
  /** fields the free-text `filter.q` matches case-insensitively, any of them */
  search?: readonly string[];
}

/**
 * One route of the public API, declared once: the service binds its handler to it (`bindRoute` of @tullab/http),
 * the gateway routes by it, the OpenAPI document describes it and the apps call it (docs/anatomy.md, decision 018).
 */
export interface ApiRoute {
  method: Method;
  /** the path under `/api`, with `:name` for each parameter (`/offers/:id`) */
  path: string;
  summary: string;
  access: Access;
  description?: string;
  /** the path's parameters, parsed before the handler runs; each `:name` of the path is a string when not given */
  params?: z.ZodObject;
  /**
   * the message of a 404 for parameters `params` refuses, when such parameters name nothing rather than something
   * wrong (an offer's `:id` that is not a UUID is no offer, as an unknown one is); without it they are a 400
   */
  notFound?: string;
  /** a JSON body, or a multipart form (`upload`) that the handler reads itself */
  body?: z.ZodType;
  upload?: boolean;
  query?: z.ZodObject;
  /** the success status (200 unless said) and its answer; no `answer` means no body (204) or a file */
  status?: number;
  answer?: z.ZodType;
  /** what a success without a JSON answer carries, e.g. an image */
  file?: string;
  /** a list in the admin console's dialect: `sort`, `range` and `filter` query parameters, `Content-Range` */
  list?: ListDialect;
  /** a tracking call (SPEC §7): the gateway passes it on to offers in a batch (decision 006) */
  tracking?: boolean;
  /** refusals beyond the ones the access, the input and an `:id` imply */
  refusals?: readonly number[];
}

/** A group's routes by name (a service binds a handler to each by it). */
export type RouteTable = Record<string, ApiRoute>;

/** The routes of one part of the API, as the reference shows them together; all answered by one owner. */
export interface RouteGroup<R extends RouteTable = RouteTable> {
  owner: RouteOwner;
  tag: string;
  description: string;
  routes: R;
}

/**
 * Declares a group of routes by name, keeping each route's own types (its params, body and answer), so a service's
 * handler and an app's call are checked against the same declaration.
 */
export const routeGroup = <const R extends RouteTable>(group: RouteGroup<R>): RouteGroup<R> => group;

/**
 * A route as the apps' route table holds it (`@tullab/contracts/route-table`): its method and path, and its whole
 * declaration as a type only, so an app's call is typed by the declaration without bundling its schemas.
 */
export interface RouteRef<R extends ApiRoute = ApiRoute> {
  readonly method: R['method'];
  readonly path: R['path'];
  /** never present: the declaration this reference stands for, read by `BodyOf` and `IsUpload` */
  readonly declared?: R;
}

/** A group's routes as references, by the names the group gives them. */
export type RouteRefs<G extends RouteGroup> = { readonly [K in keyof G['routes']]: RouteRef<G['routes'][K]> };

type Declared<R> = R extends RouteRef<infer D> ? D : R extends ApiRoute ? R : never;

/** The JSON body a route takes, as its declaration's `body` accepts it. */
export type BodyOf<R> = Declared<R>['body'] extends z.ZodType ? z.input<Declared<R>['body']> : never;

/**
 * The staff console's resources a group's lists declare (`list.resource`): each list at a path without parameters
 * (a list below one record, such as an offer's daily counters, is read through that record's page).
 */
export type ConsoleResourcesOf<G extends RouteGroup> = {
  [K in keyof G['routes']]: G['routes'][K] extends { path: infer P; list: { resource: infer N } }
    ? P extends `${string}:${string}`
      ? never
      : N
    : never;
}[keyof G['routes']];

/** Whether a route takes a multipart form (`upload`) rather than JSON. */
export type IsUpload<R> = Declared<R>['upload'] extends true ? true : false;

/** The query of a list in the ra-data-simple-rest dialect (`parseListQuery` of @tullab/http). */
export const listQuery = z.object({
  sort: z
    .string()
    .optional()
    .meta({ description: 'JSON `["field","ASC"|"DESC"]`', example: '["createdAt","DESC"]' }),
  range: z.string().optional().meta({ description: 'JSON `[first,last]`, both included', example: '[0,24]' }),
  filter: z.string().optional().meta({ description: 'JSON object of field → value', example: '{}' }),
});

/** A file part of a multipart form. */
export const fileField = (description: string) =>
  z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description });
