import type { Request, RequestHandler, Response } from 'express';
import type { Access, ApiRoute } from '@tullab/contracts';
import { HttpError, type Caller, type Role } from '@tullab/http';

/** Who is calling (the session, resolved by identity). */
export type ResolveCaller = (req: Request, res: Response) => Promise<Caller>;

/** A caller a guard let in: always signed in. */
export type SignedInCaller = Caller & { userId: string };

/** The roles each access of the gateway's own routes lets in. */
const rolesOf: Partial<Record<Access, readonly Role[]>> = {
  student: ['student'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
};

const callers = new WeakMap<Request, SignedInCaller>();

/**
 * The guard of a route the gateway answers itself (`guard` of `bindRoute`). Nothing signs an identity header for the
 * gateway, so the guard resolves the session as the proxy does, refuses a visitor (401) and a caller whose role the
 * route's access does not name (403, `forbidden`), and keeps the caller for the handler (`callerOf`).
 */
export function callerGuard(
  resolveCaller: ResolveCaller,
  route: Pick<ApiRoute, 'method' | 'path' | 'access'>,
  forbidden = 'Forbidden',
): RequestHandler {
  const roles = rolesOf[route.access];
  if (!roles) throw new Error(`${route.method} ${route.path}: the gateway has no guard for ${route.access}`);
  return async (req, res, next) => {
    const caller = await resolveCaller(req, res);
    if (!caller.userId) throw new HttpError(401, 'Not authenticated');
    if (!caller.role || !roles.includes(caller.role)) throw new HttpError(403, forbidden);
    callers.set(req, { ...caller, userId: caller.userId });
    next();
  };
}

/** The caller `callerGuard` let in. */
export function callerOf(req: Request): SignedInCaller {
  const caller = callers.get(req);
  if (!caller) throw new Error('callerOf: the route has no callerGuard');
  return caller;
}
