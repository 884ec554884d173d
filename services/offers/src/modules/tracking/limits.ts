import { addressKey, type Identity } from '@tullab/http';

/**
 * Tracking rate limits, per minute (issue "Fast path", point 5). Hundreds of students share one address behind a
 * university NAT, so a signed-in caller is counted by user id, and the address counts only for visitors. A person
 * opening a card every two seconds makes 30 calls a minute: these figures stop a script, never a student.
 */
export const TRACKING_LIMITS = {
  /** per signed-in user (students and staff): 5 a second for a whole minute */
  perUser: 300,
  /** per address, shared by every visitor behind it (a campus NAT: twenty people browsing flat out at once) */
  perVisitorAddress: 600,
} as const;

/** The counter a tracking call counts against, and its limit per minute. */
export function trackingLimit(caller: Identity): { key: string; perMinute: number } {
  return caller.userId
    ? { key: `track:user:${caller.userId}`, perMinute: TRACKING_LIMITS.perUser }
    : { key: `track:ip:${addressKey(caller.ip)}`, perMinute: TRACKING_LIMITS.perVisitorAddress };
}
