import type { ActivityEvent } from '@tullab/contracts';
import { hmacHex, type Identity } from '@tullab/http';
import { addressKey } from '@tullab/rate-limits';
import { isActiveStudent } from '../../http';

/** Who a tracking event is counted for (decision 008). */
export type Actor = Pick<ActivityEvent, 'userId' | 'active' | 'visitor'>;

/** `YYYY-MM-DD` in the UAE, the day the worker counts an event on. */
const uaeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' });

/**
 * A visitor's address as a tracking event keeps it: 128 bits of an HMAC of the UAE day and the address (an IPv6
 * address by its /64, as the rate limit counts it). The same address gives the same value all day and an unrelated
 * one the next day; without the key (derived from INTERNAL_SECRET, never stored) no one can tell which address it
 * was, not even by trying all 2³² IPv4 addresses.
 */
export const visitorHash = (key: string, ip: string, at: Date) =>
  hmacHex(key, `${uaeDay.format(at)} ${addressKey(ip)}`).slice(0, 32);

/**
 * Who a tracking call made at `at` counts for, from its signed identity only (S29): a student by their id, with
 * whether their verification is active (only then do they raise `currentUses`); a visitor by their address's hash of
 * the day; staff as neither, so their calls count in all calls only.
 */
export function actorOf(caller: Identity, visitorKey: string, at: Date): Actor {
  if (caller.role === 'student')
    return { userId: caller.userId, active: isActiveStudent(caller), visitor: null };
  const visitor = caller.userId ? null : visitorHash(visitorKey, caller.ip, at);
  return { userId: null, active: false, visitor };
}
