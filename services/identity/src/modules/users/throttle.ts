import { sha256Hex, tooManyRequests, type HttpError } from '@tullab/http';
import { addressKey, type RateDecision } from '@tullab/rate-limits';
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
  return tooManyRequests(retryAfterSeconds, message, 'too_many_attempts');
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

  /**
   * Counts a password check for this e-mail from this address before it runs (issue 19: counting
   * after the check let 50 simultaneous guesses through a limit of 10). Answers the seconds to wait when a counter is
   * full (the check must not run), else 0; `succeeded` gives the reservation back.
   */
  async reserve(email: string, ip: string): Promise<number> {
    const keys = this.keys(email, ip);
    const { limiter } = this.ctx;
    const decisions: RateDecision[] = await Promise.all([
      limiter.hit(keys.ip, loginLimits.ip.limit, loginLimits.ip.windowSeconds),
      limiter.hit(keys.ipDay, loginLimits.ipDay.limit, loginLimits.ipDay.windowSeconds),
      limiter.hit(keys.accountIp, loginLimits.accountIp.limit, loginLimits.accountIp.windowSeconds),
    ]);
    return Math.max(0, ...decisions.filter((d) => !d.allowed).map((d) => d.retryAfter));
  }

  /** Seconds the caller must wait before another second-factor code for this e-mail from this IP, 0 when allowed. */
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

  /** A wrong second-factor code (checked under the challenge's row lock, so counting after it is exact). */
  async failed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    const { limiter } = this.ctx;
    await Promise.all([
      limiter.hit(keys.ip, loginLimits.ip.limit, loginLimits.ip.windowSeconds),
      limiter.hit(keys.ipDay, loginLimits.ipDay.limit, loginLimits.ipDay.windowSeconds),
      limiter.hit(keys.accountIp, loginLimits.accountIp.limit, loginLimits.accountIp.windowSeconds),
    ]);
  }

  /**
   * A sign-in completed: the account+IP counter clears (S12) and the per-IP counters take back the password check
   * `reserve` counted, so only failures fill them.
   */
  async succeeded(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await Promise.all([
      this.ctx.limiter.reset(keys.accountIp),
      this.ctx.limiter.giveBack(keys.ip),
      this.ctx.limiter.giveBack(keys.ipDay),
    ]);
  }

  /**
   * S19: an unknown e-mail gets the same growing delay as a real account (kept in Redis, since there is no row), so a
   * 429 after five failures does not reveal that an account exists. Like `reserveAccountAttempt`, one atomic step
   * refuses while the delay runs, else counts the attempt and starts the delay from the 5th: answers the seconds to
   * wait, 0 when the (dummy) check may run.
   */
  async reserveUnknown(email: string): Promise<number> {
    const keys = this.keys(email, '');
    const { delayAfter, firstDelaySeconds, maxDelaySeconds } = accountLockout;
    try {
      const answer = await this.ctx.redis.eval(
        RESERVE_UNKNOWN,
        2,
        keys.unknownCount,
        keys.unknownBlock,
        delayAfter,
        firstDelaySeconds,
        maxDelaySeconds,
      );
      return Math.max(0, -Number(answer));
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'login throttle unavailable; allowing');
      return 0;
    }
  }
}

/**
 * KEYS: failure count, delay flag; ARGV: the `accountLockout` numbers. Returns minus the seconds left when the delay
 * runs, else the new count (the `failureDelaySeconds` rule, in Lua so that simultaneous attempts queue in Redis).
 */
const RESERVE_UNKNOWN = `
local left = redis.call('ttl', KEYS[2])
if left > 0 then return -left end
local count = redis.call('incr', KEYS[1])
redis.call('expire', KEYS[1], 86400)
local after, first, most = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if count >= after then
  redis.call('set', KEYS[2], '1', 'EX', math.floor(math.min(first * 2 ^ math.min(count - after, 20), most)))
end
return count`;
