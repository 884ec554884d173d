import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import {
  identityInternal,
  pathOf,
  resolvedSessionAnswer as resolvedSession,
  resolveSessionBody,
} from '@tullab/contracts';
import { signIdentity, type Caller } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { fromUnexpectedAnswer, fromUpstreamError } from '../upstreams/errors';
import { UpstreamError, type Upstreams } from '../upstreams/upstreams';
import type { ResolvedSession, SessionCache } from './cache';
import { clientIp, visitor } from './caller';
import { readCookie, serializeCookie, type CookiePolicy } from './cookies';

const RESOLVE_TIMEOUT_MS = 5000;

export interface SessionDeps {
  upstreams: Upstreams;
  policy: CookiePolicy;
  internalSecret: string;
  log: Logger;
  sessions: SessionCache;
}

/** Who is calling, and for a signed-in caller the user GET /api/auth/user answers. */
export interface ResolvedCaller {
  caller: Caller;
  user: unknown;
}

/** What a session is kept under: the SHA-256 of its token. */
export const sessionKeyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Whether the Cookie header has a cookie by the session's name, well-formed or not. */
export const namesSession = (policy: CookiePolicy, cookieHeader: string | undefined) =>
  cookieHeader !== undefined && new RegExp(`(^|;)\\s*${policy.names.sid}=`).test(cookieHeader);

/**
 * The session token of this Cookie header: a well-formed value that identity would look up (`resolveSessionBody`).
 * Anything else is no session, so identity is never asked about a token it would refuse (T28: an overlong cookie
 * used to cost a 502).
 */
function sessionTokenOf(policy: CookiePolicy, cookieHeader: string | undefined): string | undefined {
  const token = readCookie(cookieHeader, policy.names.sid);
  return token !== undefined && resolveSessionBody.safeParse({ token }).success ? token : undefined;
}

/**
 * The session of this Cookie header if this gateway keeps it (no call to identity), once it has heard the
 * broadcasts sent before ({@link SessionCache.fresh}); null at once when nothing is kept.
 */
export function keptSession(
  deps: Pick<SessionDeps, 'policy' | 'sessions'>,
  cookieHeader: string | undefined,
): Promise<ResolvedSession | null> | null {
  const token = sessionTokenOf(deps.policy, cookieHeader);
  if (!token) return null;
  const key = sessionKeyOf(token);
  return deps.sessions.get(key) ? deps.sessions.fresh(key) : null;
}

/** GET /api/auth/user for a signed-in caller (SPEC `{ user }`), answered by the gateway (decision 005). */
export function sendUser(res: ServerResponse, user: unknown): void {
  const body = JSON.stringify({ user });
  res.statusCode = 200;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * Who is calling, from the session cookie. No cookie → visitor, without a call. Otherwise the session kept from an
 * earlier request (decision 005), or identity's answer: an unknown or expired session → visitor, and the answer
 * clears the stale cookie; identity down → 502 (504 when it does not answer in time).
 */
export async function resolveSession(
  deps: SessionDeps,
  req: Request,
  res: Response,
): Promise<ResolvedCaller> {
  const ip = clientIp(req);
  const cookieHeader = req.headers.cookie;
  const token = sessionTokenOf(deps.policy, cookieHeader);
  if (!token) {
    // A cookie by our name that is not well-formed (or too long) cannot be a session: clear it.
    if (namesSession(deps.policy, cookieHeader)) {
      res.append('Set-Cookie', serializeCookie(deps.policy, 'sid', null));
    }
    return { caller: visitor(ip), user: null };
  }
  const key = sessionKeyOf(token);
  const kept = await deps.sessions.fresh(key);
  if (kept) return { caller: { ...kept.caller, ip }, user: kept.user };

  const identity = deps.upstreams.services.identity;
  const reqId = String(res.getHeader('x-request-id') ?? '');
  const mark = deps.sessions.mark;
  let answer;
  try {
    answer = await deps.upstreams.callJson(identity, {
      method: 'POST',
      path: pathOf(identityInternal.routes.resolveSession),
      headers: {
        ...signIdentity(visitor(ip), deps.internalSecret, 'identity'),
        'x-request-id': reqId,
      },
      body: { token },
      timeoutMs: RESOLVE_TIMEOUT_MS,
    });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    deps.log.error(
      { reqId, err: (err.cause as Error | undefined)?.message ?? err.message },
      'session resolution failed',
    );
    throw fromUpstreamError(err);
  }
  if (answer.status === 401) {
    res.append('Set-Cookie', serializeCookie(deps.policy, 'sid', null));
    return { caller: visitor(ip), user: null };
  }
  const parsed = answer.status === 200 ? resolvedSession.safeParse(answer.body) : undefined;
  if (!parsed?.success) {
    deps.log.error({ reqId, status: answer.status }, 'session resolution answered unexpectedly');
    throw fromUnexpectedAnswer(identity, answer.status);
  }
  const { user, cacheUntil, ...caller } = parsed.data;
  deps.sessions.set(key, { caller, user }, cacheUntil, mark);
  return { caller: { ...caller, ip }, user };
}

/** Forgets the session of this cookie at once (its sign-out went through this gateway). */
export function forgetSession(deps: Pick<SessionDeps, 'policy' | 'sessions'>, req: Request): void {
  const token = readCookie(req.headers.cookie, deps.policy.names.sid);
  if (token) deps.sessions.delete(sessionKeyOf(token));
}

/** The caller alone (for routes that do not show the user). */
export async function resolveCaller(deps: SessionDeps, req: Request, res: Response): Promise<Caller> {
  return (await resolveSession(deps, req, res)).caller;
}
