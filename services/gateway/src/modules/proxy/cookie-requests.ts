import type { Request, Response } from 'express';
import type { Logger } from '@tullab/log';
import type { SessionCache } from '../sessions/cache';
import {
  mergeSetCookies,
  parseCookieRequests,
  serializeCookie,
  type CookiePolicy,
} from '../sessions/cookies';
import { forgetSession } from '../sessions/resolver';

/**
 * Turns a service's `x-tullab-set-cookie` (decision 001) into Set-Cookie lines on the client's answer, whether the
 * answer is streamed or is identity's answer to a verification receipt. A line the gateway already wrote for the
 * same cookie (clearing a stale session) gives way to the service's; a malformed request is logged and ignored.
 * A new or cleared `sid` ends the session the request came with, so this gateway forgets it at once.
 */
export function writeCookieRequests(
  req: Request,
  res: Response,
  asked: string | string[] | undefined,
  deps: { policy: CookiePolicy; log: Logger; sessions: SessionCache },
  logContext: Record<string, unknown>,
): void {
  let cookies: string[] = [];
  if (typeof asked === 'string') {
    try {
      const requests = parseCookieRequests(asked);
      if (requests.some(({ name }) => name === 'sid')) forgetSession(deps, req);
      cookies = requests.map(({ name, value, maxAge, sameSite }) =>
        serializeCookie(deps.policy, name, value, maxAge, sameSite),
      );
    } catch (err) {
      deps.log.error(
        { ...logContext, err: (err as Error).message },
        'ignored a malformed x-tullab-set-cookie',
      );
    }
  }
  const existing = res.getHeader('set-cookie');
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const merged = mergeSetCookies(before, cookies);
  if (merged.length) res.setHeader('set-cookie', merged);
}
