import type { Response } from 'express';
import { SET_COOKIE_HEADER, STEP_COOKIE_HEADERS, type CookieRequest } from '@tullab/contracts';

/** ADR 001: the gateway sends the `pwreset` cookie's value in this header. */
export const PWRESET_HEADER = STEP_COOKIE_HEADERS.pwreset;
/** The gateway sends the `mfa` cookie's value (a staff sign-in waiting for its second factor) in this header. */
export const MFA_HEADER = STEP_COOKIE_HEADERS.mfa;

export { SET_COOKIE_HEADER, type CookieRequest };

/** Adds cookie requests to the answer (several calls on one answer are merged). */
export function requestCookies(res: Response, ...cookies: CookieRequest[]): void {
  const previous = res.get(SET_COOKIE_HEADER);
  const all = [...(previous ? (JSON.parse(previous) as CookieRequest[]) : []), ...cookies];
  res.set(SET_COOKIE_HEADER, JSON.stringify(all));
}

export const clearCookie = (name: CookieRequest['name']): CookieRequest => ({ name, value: null, maxAge: 0 });

/** The `sid` cookie for a newly issued session. */
export function sessionCookie(session: { token: string; maxAge: number; staff: boolean }): CookieRequest {
  return {
    name: 'sid',
    value: session.token,
    maxAge: session.maxAge,
    ...(session.staff && { sameSite: 'strict' }),
  };
}
