import type { Request, Response } from 'express';
import { signIdentity, type Caller, type Logger } from '@tullab/http';
import { z } from 'zod';
import { fromUpstreamError, unavailable } from '../proxy/errors';
import { UpstreamError, type Upstreams } from '../proxy/upstreams';
import { readCookie, serializeCookie, type CookiePolicy } from './cookies';

export const RESOLVE_PATH = '/internal/sessions/resolve';
const RESOLVE_TIMEOUT_MS = 5000;

/** Identity's answer; `email` and `firstName` travel on in the identity header to every service (decision 002). */
const resolvedSession = z.object({
  userId: z.string().min(1),
  role: z.enum(['student', 'staff', 'admin']),
  verificationStatus: z.string(),
  sessionId: z.string().min(1),
  email: z.string().optional(),
  firstName: z.string().optional(),
});

export interface SessionDeps {
  upstreams: Upstreams;
  policy: CookiePolicy;
  internalSecret: string;
  log: Logger;
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}

export function visitor(ip: string): Caller {
  return { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip };
}

/**
 * Who is calling: the session cookie, checked by identity on every request (no cache, so a logout or password change
 * counts at once). No cookie → visitor, without a call. An unknown or expired session → visitor, and the answer
 * clears the stale cookie. Identity down → 502 (504 when it does not answer in time).
 */
export async function resolveCaller(deps: SessionDeps, req: Request, res: Response): Promise<Caller> {
  const ip = clientIp(req);
  const cookieHeader = req.headers.cookie;
  const token = readCookie(cookieHeader, deps.policy.names.sid);
  if (!token) {
    // A cookie by our name that is not well-formed cannot be a session: clear it.
    if (cookieHeader && new RegExp(`(^|;)\\s*${deps.policy.names.sid}=`).test(cookieHeader)) {
      res.append('Set-Cookie', serializeCookie(deps.policy, 'sid', null));
    }
    return visitor(ip);
  }
  const identity = deps.upstreams.services.identity;
  const reqId = String(res.getHeader('x-request-id') ?? '');
  let answer;
  try {
    answer = await deps.upstreams.callJson(identity, {
      method: 'POST',
      path: RESOLVE_PATH,
      headers: {
        ...signIdentity(visitor(ip), deps.internalSecret),
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
    return visitor(ip);
  }
  const session = answer.status === 200 ? resolvedSession.safeParse(answer.body) : undefined;
  if (!session?.success) {
    deps.log.error({ reqId, status: answer.status }, 'session resolution answered unexpectedly');
    throw unavailable(identity);
  }
  return { ...session.data, ip };
}
