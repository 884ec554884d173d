import { z } from 'zod';

/**
 * The cookies the gateway owns (docs/decisions/001), as the services name them: the session, and two short-lived
 * step cookies, `pwreset` (a verified reset code, S20) and `mfa` (a staff password checked, the second factor still
 * to come, S37).
 */
export type CookieKind = 'sid' | 'pwreset' | 'mfa';
export type StepCookieKind = Exclude<CookieKind, 'sid'>;

export const SET_COOKIE_HEADER = 'x-tullab-set-cookie';

/** Identity receives a step cookie's value in this header (the gateway never forwards `Cookie`). */
export const STEP_COOKIE_HEADERS: Record<StepCookieKind, string> = {
  pwreset: 'x-tullab-pwreset',
  mfa: 'x-tullab-mfa',
};

/** A step cookie never outlives its step: 10 minutes to set a new password (S20), 5 to give the second factor. */
export const STEP_COOKIE_MAX_AGE: Record<StepCookieKind, number> = { pwreset: 600, mfa: 300 };

/** RFC 6265 cookie-octets; a value with anything else is not one of ours. */
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{1,3000}$/;

export interface CookiePolicy {
  secure: boolean;
  names: Record<CookieKind, string>;
}

/** `__Host-` and `Secure` when users reach us over https (S5), the bare names on plain-http local runs. */
export function cookiePolicy(publicUrl: string): CookiePolicy {
  const secure = new URL(publicUrl).protocol === 'https:';
  const prefix = secure ? '__Host-' : '';
  return { secure, names: { sid: `${prefix}sid`, pwreset: `${prefix}pwreset`, mfa: `${prefix}mfa` } };
}

/** The first value of cookie `name` in a Cookie header, if it is well-formed. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return COOKIE_VALUE.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * A Set-Cookie line for one of our cookies; `value: null` clears it. `sid` is SameSite=Lax unless the service asks
 * for Strict (staff sessions, S5); the step cookies are always Strict and capped at their STEP_COOKIE_MAX_AGE.
 */
export function serializeCookie(
  policy: CookiePolicy,
  kind: CookieKind,
  value: string | null,
  maxAge?: number,
  sameSite?: 'lax' | 'strict',
): string {
  const parts = [`${policy.names[kind]}=${value ?? ''}`];
  const step = kind === 'sid' ? null : STEP_COOKIE_MAX_AGE[kind];
  const age = value === null ? 0 : step === null ? maxAge : Math.min(maxAge ?? step, step);
  if (age !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(age))}`);
  const strict = step !== null || sameSite === 'strict';
  parts.push('Path=/', 'HttpOnly', `SameSite=${strict ? 'Strict' : 'Lax'}`);
  if (policy.secure) parts.push('Secure');
  return parts.join('; ');
}

const cookieRequest = z.object({
  name: z.enum(['sid', 'pwreset', 'mfa']),
  value: z.string().regex(COOKIE_VALUE).nullable(),
  maxAge: z.number().int().min(0).optional(),
  /** optional, beyond decision 001: a service may tighten `sid` to Strict (staff sessions, S5) */
  sameSite: z.enum(['lax', 'strict']).optional(),
});
const cookieRequests = z.array(cookieRequest).max(4);
export type CookieRequest = z.infer<typeof cookieRequest>;

/** Parses a service's `x-tullab-set-cookie` (a JSON array); throws when it is malformed. */
export function parseCookieRequests(header: string): CookieRequest[] {
  return cookieRequests.parse(JSON.parse(header));
}

/**
 * Set-Cookie lines after `additions`: an earlier line for the same cookie (e.g. the gateway clearing a stale session)
 * is replaced by the service's.
 */
export function mergeSetCookies(existing: string[], additions: string[]): string[] {
  const nameOf = (line: string) => line.slice(0, line.indexOf('='));
  const replaced = new Set(additions.map(nameOf));
  return [...existing.filter((line) => !replaced.has(nameOf(line))), ...additions];
}
