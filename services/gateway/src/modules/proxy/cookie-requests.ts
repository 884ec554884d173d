import type { Response } from 'express';
import type { Logger } from '@tullab/http';
import {
  mergeSetCookies,
  parseCookieRequests,
  serializeCookie,
  type CookiePolicy,
} from '../sessions/cookies';

/**
 * Turns a service's `x-tullab-set-cookie` (decision 001) into Set-Cookie lines on the client's answer, whether the
 * answer is streamed or is identity's answer to a verification receipt. A line the gateway already wrote for the
 * same cookie (clearing a stale session) gives way to the service's; a malformed request is logged and ignored.
 */
export function writeCookieRequests(
  res: Response,
  asked: string | string[] | undefined,
  deps: { policy: CookiePolicy; log: Logger },
  logContext: Record<string, unknown>,
): void {
  let cookies: string[] = [];
  if (typeof asked === 'string') {
    try {
      cookies = parseCookieRequests(asked).map(({ name, value, maxAge, sameSite }) =>
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
