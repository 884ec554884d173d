import type { Response } from 'express';

/** ADR 001: a service asks the gateway for a cookie with this header; the gateway alone writes Set-Cookie. */
export const SET_COOKIE_HEADER = 'x-tullab-set-cookie';
/** ADR 001: the gateway sends the `pwreset` cookie's value in this header. */
export const PWRESET_HEADER = 'x-tullab-pwreset';
/** The gateway sends the `mfa` cookie's value (a staff sign-in waiting for its second factor) in this header. */
export const MFA_HEADER = 'x-tullab-mfa';

export interface CookieRequest {
  name: 'sid' | 'pwreset' | 'mfa';
  /** null clears the cookie */
  value: string | null;
  /** seconds */
  maxAge: number;
  /**
   * staff sessions are SameSite=Strict (SECURITY S5); the gateway defaults to Lax for `sid` and always uses Strict
   * for the step cookies (`pwreset`, `mfa`)
   */
  sameSite?: 'strict';
}

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
