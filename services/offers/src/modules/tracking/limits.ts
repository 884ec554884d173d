import { type Identity } from '@tullab/http';
import { rateSubject } from '@tullab/rate-limits';

/**
 * Tracking rate limits, per minute (issue "Fast path", point 5). Hundreds of students share one address behind a
 * university NAT, so a signed-in caller is counted by user id, and the address counts only for visitors
 * (`rateSubject`). A person opening a card every two seconds makes 30 calls a minute: these figures stop a script,
 * never a student.
 */
export const TRACKING_LIMITS = {
  /** per signed-in user (students and staff): 5 a second for a whole minute */
  perUser: 300,
  /** per address (an IPv6 /64), shared by every visitor behind it: a campus NAT with twenty people browsing flat out */
  perVisitorAddress: 600,
} as const;

/** The counter a tracking call counts against, and its limit per minute. */
export function trackingLimit(caller: Identity): { key: string; perMinute: number } {
  return {
    key: `track:${rateSubject(caller)}`,
    perMinute: caller.userId ? TRACKING_LIMITS.perUser : TRACKING_LIMITS.perVisitorAddress,
  };
}
