import type { Access, ApiRoute } from '@tullab/contracts';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { HttpError } from './errors';
import { requireBrandApp, requireMerchant, requireRole, requireUser } from './identity';
import { parseListQuery, sendList, type ListQuery } from './ra-list';

/** The names of a path's `:parameters` (`/offers/:id/reports` → `'id'`). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the route's parameters, query and JSON body, each parsed by the route's schema. */
export interface RouteInput<R extends ApiRoute> {
  params: R['params'] extends z.ZodType ? z.output<R['params']> : Record<ParamNames<R['path']>, string>;
  query: Parsed<R['query']>;
  /** undefined for an upload: the handler reads its form itself (`readMultipart`) */
  body: R['upload'] extends true ? undefined : Parsed<R['body']>;
  /** a list's page, sort and filter, in the route's dialect */
  list: R['list'] extends object ? ListQuery : undefined;
}

/**
 * A value as JSON carries it: a date may stand where the wire has its ISO text, as `res.json` writes it. So a handler
 * may answer with the rows it read, and the compiler still checks every field against the route's answer. An answer
 * the contracts describe only as "an object" (a loose one) takes any object.
 */
export type Wire<T> = T extends string
  ? string | Date
  : T extends readonly (infer Item)[]
    ? readonly Wire<Item>[]
    : T extends object
      ? string extends keyof T
        ? unknown extends T[string]
          ? object
          : { [K in keyof T]: Wire<T[K]> }
        : { [K in keyof T]: Wire<T[K]> }
      : T;

type AnswerOf<A> = A extends z.ZodType ? Wire<z.input<A>> : void;

/** A list's page: its items (each as the route's answer lists them) and how many there are in all. */
export interface ListPage<Item> {
  items: readonly Item[];
  total: number;
}

/** What a handler answers: the route's answer, a list's page, nothing (204), or `SENT` when it wrote the answer itself. */
export type RouteAnswer<R extends ApiRoute> = R['list'] extends object
  ? ListPage<R['answer'] extends z.ZodArray<infer Item> ? Wire<z.input<Item>> : never>
  : AnswerOf<R['answer']>;

/**
 * The one value of `SENT`'s type. Not a symbol: an async handler's `return SENT` would be widened to `symbol`, which no
 * route's answer takes.
 */
class Sent {
  declare private readonly brand: 'sent';
}

/** A handler's answer when it wrote the response itself (a file, a stream, a 304). */
export const SENT = new Sent();

export type RouteHandler<R extends ApiRoute> = (
  input: RouteInput<R>,
  req: Request,
  res: Response,
) => Promise<RouteAnswer<R> | typeof SENT> | RouteAnswer<R> | typeof SENT;

export interface BindOptions {
  /** who may call, when the service says it in its own words (e.g. why only active students redeem) */
  guard?: RequestHandler;
  /** run after the guard and before the input is parsed (a rate limit counted on refused input too) */
  before?: RequestHandler[];
}

/** The checks of the accesses every service words the same way; `activeStudent` is each service's own. */
const standardGuards: Partial<Record<Access, RequestHandler>> = {
  signedIn: requireUser,
  student: requireRole('student'),
  staff: requireRole('staff', 'admin'),
  admin: requireRole('admin'),
  merchant: requireMerchant,
  brandApp: requireBrandApp,
};

function guardOf(route: ApiRoute, options: BindOptions): RequestHandler | null {
  if (options.guard) return options.guard;
  if (route.access === 'anyone') return null;
  const guard = standardGuards[route.access];
  if (!guard) throw new Error(`${route.method} ${route.path}: no guard for access ${route.access}`);
  return guard;
}

/** What a call of a route carried, before its route's schemas parse it. */
export interface GivenInput {
  params: Record<string, string | string[]>;
  query: Record<string, unknown>;
  /** the JSON body as the call carried it (`{}` for none) */
  body: unknown;
}

/**
 * A call's input as its route's schemas parse it: a refusal is a 400 naming the field, or a 404 with the route's
 * `notFound` for parameters that name nothing. A request's (`bindRoute`), or a call's that travelled in a batch
 * (decision 006), so both are refused alike.
 */
export function routeInput<R extends ApiRoute>(route: R, given: GivenInput): RouteInput<R> {
  const list = route.list;
  return {
    params: route.params ? parsedParams(route, route.params, given.params) : given.params,
    query: route.query && !list ? route.query.parse(given.query) : undefined,
    body: route.body && !route.upload ? route.body.parse(given.body) : undefined,
    list: list ? parseListQuery(given.query, list) : undefined,
  } as RouteInput<R>;
}

function parsedParams(route: ApiRoute, schema: z.ZodObject, params: GivenInput['params']): unknown {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  if (route.notFound) throw new HttpError(404, route.notFound);
  throw parsed.error;
}

/**
 * Binds `handler` to the route as declared in @tullab/contracts (docs/anatomy.md "A route", decision 018):
 * the access guard, then the parameters, query and body parsed by the route's schemas (`routeInput`: a refusal is a
 * 400 naming the field, or the route's `notFound`), then the handler; its answer is sent with the route's status, a
 * list with its `Content-Range`.
 */
export function bindRoute<R extends ApiRoute>(
  router: Router,
  route: R,
  handler: RouteHandler<R>,
  options: BindOptions = {},
): void {
  const guard = guardOf(route, options);
  const list = route.list;
  const before = [...(guard ? [guard] : []), ...(options.before ?? [])];
  router[route.method](route.path, ...before, async (req: Request, res: Response) => {
    const input = routeInput(route, { params: req.params, query: req.query, body: req.body ?? {} });
    const answer = await handler(input, req, res);
    if (answer === SENT || res.headersSent) return;
    if (list) {
      const page = answer as ListPage<unknown>;
      return sendList(res, list.resource, [...page.items], page.total, input.list?.offset ?? 0);
    }
    if (route.answer) return void res.status(route.status ?? 200).json(answer);
    res.status(route.status ?? 204).end();
  });
}
