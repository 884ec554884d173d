import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';

export interface RateDecision {
  allowed: boolean;
  /** seconds until the window frees up; 0 when allowed */
  retryAfter: number;
  count: number;
}

interface Counting {
  key: string;
  limit: number;
  windowSeconds: number;
  increment: number;
  decided(decision: RateDecision): void;
}

/** DECR only a live, positive counter (Lua runs atomically in Redis). */
const GIVE_BACK =
  "if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0";

/**
 * Fixed-window counters in Redis. When Redis is unreachable the limiter lets the request through
 * and logs a warning: counters are defence in depth and may reset (SECURITY "Failure matrix"). The counts asked for
 * in one run of the event loop's current task (a batch of tracking calls, say) travel to Redis as one MULTI.
 */
export class RateLimiter {
  private waiting: Counting[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly prefix = 'rl',
  ) {}

  /** Counts one hit for `key` and says whether it is within `limit` per `windowSeconds`. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    return this.count(key, limit, windowSeconds, 1);
  }

  /** Reads the counter without counting. */
  async peek(key: string, limit: number): Promise<RateDecision> {
    return this.count(key, limit, 0, 0);
  }

  /**
   * Takes back one hit counted for `key` (an attempt reserved with `hit` that turned out fine); never below zero, and
   * nothing when the window has ended meanwhile.
   */
  async giveBack(key: string): Promise<void> {
    await this.redis
      .eval(GIVE_BACK, 1, `${this.prefix}:${key}`)
      .catch((err) => this.log.warn({ err, key }, 'rate limit give-back failed'));
  }

  async reset(key: string): Promise<void> {
    await this.redis
      .del(`${this.prefix}:${key}`)
      .catch((err) => this.log.warn({ err, key }, 'rate limit reset failed'));
  }

  private count(key: string, limit: number, windowSeconds: number, increment: number): Promise<RateDecision> {
    return new Promise((decided) => {
      this.waiting.push({ key, limit, windowSeconds, increment, decided });
      if (this.waiting.length === 1) queueMicrotask(() => void this.send(this.waiting.splice(0)));
    });
  }

  private async send(counts: Counting[]): Promise<void> {
    const multi = this.redis.multi();
    for (const { key, windowSeconds, increment } of counts) {
      const redisKey = `${this.prefix}:${key}`;
      if (increment) multi.incrby(redisKey, increment).expire(redisKey, windowSeconds, 'NX');
      else multi.get(redisKey);
      multi.ttl(redisKey);
    }
    let results: [Error | null, unknown][];
    try {
      results = (await multi.exec()) ?? [];
    } catch (err) {
      this.log.warn({ err, keys: counts.map((c) => c.key) }, 'rate limiter unavailable; allowing');
      for (const { decided } of counts) decided({ allowed: true, retryAfter: 0, count: 0 });
      return;
    }
    let at = 0;
    for (const { limit, increment, decided } of counts) {
      const count = Number(results[at]?.[1] ?? 0);
      at += increment ? 3 : 2;
      const ttl = Number(results[at - 1]?.[1] ?? 0);
      const allowed = increment ? count <= limit : count < limit;
      decided({ allowed, retryAfter: allowed ? 0 : Math.max(ttl, 1), count });
    }
  }
}

/**
 * The address part of a per-address limit: an IPv4 address as it is, an IPv6 address by its /64 (one household,
 * phone or server usually holds a whole /64, so counting single IPv6 addresses would let one client rotate through
 * billions of them).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Who a per-caller limit counts (issue "Fast path", rate limits that fit campus networks): a signed-in user by their
 * id, since hundreds of students share one university address behind its NAT; a visitor by their address.
 */
export function rateSubject(caller: { userId: string | null; ip: string }): string {
  return caller.userId ? `user:${caller.userId}` : `ip:${addressKey(caller.ip)}`;
}
