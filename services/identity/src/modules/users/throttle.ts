import { addressKey, sha256Hex, tooManyRequests, type HttpError, type RateDecision } from '@tullab/http';
import type { IdentityContext } from '../../context';

/** SECURITY S12: per IP 10 failures → 10 min and 100 a day → 24 h; per account+IP 10 failures → 1 h. */
export const loginLimits = {
  ip: { limit: 10, windowSeconds: 600 },
  ipDay: { limit: 100, windowSeconds: 24 * 3600 },
  accountIp: { limit: 10, windowSeconds: 3600 },
};

/** SECURITY S11: per account, after 5 consecutive failures a delay from 30 s doubling up to 1 h; at 100 a soft lock. */
export const accountLockout = { delayAfter: 5, firstDelaySeconds: 30, maxDelaySeconds: 3600, lockAfter: 100 };

/** Seconds an account must wait after its `failures`-th consecutive failure (0 below the threshold). */
export function failureDelaySeconds(failures: number): number {
  if (failures < accountLockout.delayAfter) return 0;
  const exponent = Math.min(failures - accountLockout.delayAfter, 20);
  return Math.min(accountLockout.firstDelaySeconds * 2 ** exponent, accountLockout.maxDelaySeconds);
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

export function tooManyAttempts(retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS): HttpError {
  return tooManyRequests(retryAfterSeconds, message);
}

/** Redis counters for login attempts (fail open: while Redis is down only the PostgreSQL per-account rule holds). */
export class LoginThrottle {
  constructor(private readonly ctx: IdentityContext) {}

  private keys(email: string, caller: string) {
    const account = sha256Hex(email).slice(0, 32);
    const ip = addressKey(caller);
    return {
      ip: `login:ip:${ip}`,
      ipDay: `login:ip-day:${ip}`,
      accountIp: `login:account-ip:${account}:${ip}`,
      unknownCount: `${this.ctx.keyPrefix}:login:unknown:${account}`,
      unknownBlock: `${this.ctx.keyPrefix}:login:unknown-block:${account}`,
    };
  }

  /** Seconds the caller must wait before trying this e-mail from this IP, 0 when allowed. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const keys = this.keys(email, ip);
    const { limiter } = this.ctx;
    const decisions: RateDecision[] = await Promise.all([
      limiter.peek(keys.ip, loginLimits.ip.limit),
      limiter.peek(keys.ipDay, loginLimits.ipDay.limit),
      limiter.peek(keys.accountIp, loginLimits.accountIp.limit),
    ]);
    return Math.max(0, ...decisions.filter((d) => !d.allowed).map((d) => d.retryAfter));
  }

  async failed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const { limiter } = this.ctx;
    await Promise.all([
      limiter.hit(keys.ip, loginLimits.ip.limit, loginLimits.ip.windowSeconds),
      limiter.hit(keys.ipDay, loginLimits.ipDay.limit, loginLimits.ipDay.windowSeconds),
      limiter.hit(keys.accountIp, loginLimits.accountIp.limit, loginLimits.accountIp.windowSeconds),
    ]);
  }

  /** A success clears the account+IP counter (S12); the per-IP ones keep counting. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.ctx.limiter.reset(this.keys(email, ip).accountIp);
  }

  /**
   * S19: an unknown e-mail gets the same growing delay as a real account (kept in Redis, since there is no row),
   * so a 429 after five failures does not reveal that an account exists.
   */
  async unknownRetryAfter(email: string): Promise<number> {
    try {
      const ttl = await this.ctx.redis.ttl(this.keys(email, '').unknownBlock);
      return ttl > 0 ? ttl : 0;
    } catch {
      return 0;
    }
  }

  async unknownFailed(email: string): Promise<void> {
    const keys = this.keys(email, '');
    try {
      const [[, count]] = (await this.ctx.redis
        .multi()
        .incr(keys.unknownCount)
        .expire(keys.unknownCount, 24 * 3600)
        .exec()) as [[Error | null, number]];
      const delay = failureDelaySeconds(count);
      if (delay) await this.ctx.redis.set(keys.unknownBlock, '1', 'EX', delay);
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'login throttle unavailable; allowing');
    }
  }
}
