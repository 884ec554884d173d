/**
 * The gateway's side of the cookie contract (docs/decisions/001; names, headers and limits in @tullab/contracts):
 * it alone reads the cookies and writes Set-Cookie, on the services' requests.
 */
import {
  COOKIE_VALUE,
  cookieRequests,
  STEP_COOKIE_MAX_AGE,
  type CookieKind,
  type CookieRequest,
} from '@tullab/contracts';

export {
  SET_COOKIE_HEADER,
  STEP_COOKIE_HEADERS,
  STEP_COOKIE_MAX_AGE,
  type CookieKind,
  type CookieRequest,
  type StepCookieKind,
} from '@tullab/contracts';

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
