import type { Redis } from 'ioredis';
import type { Logger } from './logger';

export interface RateDecision {
  allowed: boolean;
  /** seconds until the window frees up; 0 when allowed */
  retryAfter: number;
  count: number;
}

/**
 * Fixed-window counters in Redis. When Redis is unreachable the limiter lets the request through
 * and logs a warning: counters are defence in depth and may reset (SECURITY "Failure matrix").
 */
export class RateLimiter {
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

  async reset(key: string): Promise<void> {
    await this.redis
      .del(`${this.prefix}:${key}`)
      .catch((err) => this.log.warn({ err, key }, 'rate limit reset failed'));
  }

  private async count(
    key: string,
    limit: number,
    windowSeconds: number,
    increment: number,
  ): Promise<RateDecision> {
    const redisKey = `${this.prefix}:${key}`;
    try {
      const pipeline = this.redis.multi();
      if (increment) pipeline.incrby(redisKey, increment).expire(redisKey, windowSeconds, 'NX');
      else pipeline.get(redisKey);
      pipeline.ttl(redisKey);
      const results = (await pipeline.exec()) ?? [];
      const count = Number(results[0]?.[1] ?? 0);
      const ttl = Number(results[results.length - 1]?.[1] ?? 0);
      const allowed = increment ? count <= limit : count < limit;
      return { allowed, retryAfter: allowed ? 0 : Math.max(ttl, 1), count };
    } catch (err) {
      this.log.warn({ err, key }, 'rate limiter unavailable; allowing');
      return { allowed: true, retryAfter: 0, count: 0 };
    }
  }
}
