import { z } from 'zod';

/**
 * The cookies the gateway owns (docs/decisions/001), as the services name them: the session, and two short-lived
 * step cookies, `pwreset` (a verified reset code, S20) and `mfa` (a staff password checked, the second factor still
 * to come, S37). Only the gateway writes Set-Cookie; a service asks for a cookie in SET_COOKIE_HEADER.
 */
export const cookieKinds = ['sid', 'pwreset', 'mfa'] as const;
export type CookieKind = (typeof cookieKinds)[number];
export type StepCookieKind = Exclude<CookieKind, 'sid'>;

/** A service asks the gateway for cookies with this header: a JSON array of cookie requests. */
export const SET_COOKIE_HEADER = 'x-tullab-set-cookie';

/** Identity receives a step cookie's value in this header (the gateway never forwards `Cookie`). */
export const STEP_COOKIE_HEADERS: Record<StepCookieKind, string> = {
  pwreset: 'x-tullab-pwreset',
  mfa: 'x-tullab-mfa',
};

/** A step cookie never outlives its step: 10 minutes to set a new password (S20), 5 to give the second factor. */
export const STEP_COOKIE_MAX_AGE: Record<StepCookieKind, number> = { pwreset: 600, mfa: 300 };

/** RFC 6265 cookie-octets; a value with anything else is not one of ours. */
export const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{1,3000}$/;

/**
 * One cookie a service asks for. `value: null` clears it; `maxAge` is in seconds. `sid` is SameSite=Lax unless the
 * service asks for Strict (staff sessions, S5); the step cookies are always Strict.
 */
export const cookieRequest = z.object({
  name: z.enum(cookieKinds),
  value: z.string().regex(COOKIE_VALUE).nullable(),
  maxAge: z.number().int().min(0).optional(),
  sameSite: z.enum(['lax', 'strict']).optional(),
});
export const cookieRequests = z.array(cookieRequest).max(4);
export type CookieRequest = z.infer<typeof cookieRequest>;
