import { sha256Hex } from '@tullab/http';
import type { CodeCheck, CodeRules } from '@tullab/one-time-codes';
import type { IdentityContext } from '../../context';

/**
 * The reset-code step must tell nothing (issue 19, S19): for an e-mail that cannot be reset (no
 * account, a disabled one, an invitation never accepted) Redis plays the part of its codes, so that the answers follow
 * the same course as a real account's. A forgot-password request arms a decoy code (at most once a cooldown, like a
 * real one); wrong tries against it count, and it is spent after `wrongTriesPerCode` of them; the failures of the
 * hour cap at `failuresPerUserPerHour`. Nothing here can ever succeed. While Redis is down the decoy answers
 * "no live code", which a real account without a code answers too.
 */
export class ResetDecoy {
  constructor(
    private readonly ctx: IdentityContext,
    private readonly rules: CodeRules,
  ) {}

  private keys(email: string) {
    const base = `${this.ctx.keyPrefix}:reset-decoy:${sha256Hex(email.toLowerCase()).slice(0, 32)}`;
    return { code: `${base}:code`, cooldown: `${base}:cooldown`, failures: `${base}:failures` };
  }

  /** forgot-password for such an e-mail: a fresh decoy code unless one was armed within the resend cooldown */
  async arm(email: string): Promise<void> {
    const keys = this.keys(email);
    try {
      const fresh = await this.ctx.redis.set(
        keys.cooldown,
        '1',
        'EX',
        this.rules.resendCooldownSeconds,
        'NX',
      );
      if (fresh) await this.ctx.redis.set(keys.code, '0', 'EX', this.rules.ttlSeconds);
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'reset decoy unavailable');
    }
  }

  /** verify-reset-otp for such an e-mail: what checking the code of a real account would have found */
  async check(email: string): Promise<Exclude<CodeCheck<never>, { kind: 'ok' }>> {
    const keys = this.keys(email);
    try {
      const [attempts, failures] = await this.ctx.redis.mget(keys.code, keys.failures);
      if (attempts === null) return { kind: 'invalid' };
      if (Number(attempts) >= this.rules.wrongTriesPerCode) return { kind: 'exhausted' };
      if (Number(failures ?? 0) >= this.rules.failuresPerUserPerHour) return { kind: 'user cap' };
      const [[, tried]] = (await this.ctx.redis
        .multi()
        .incr(keys.code)
        .incr(keys.failures)
        .expire(keys.failures, 3600, 'NX')
        .exec()) as [[Error | null, number]];
      return { kind: 'wrong', attempts: tried };
    } catch (err) {
      this.ctx.log.warn({ err: (err as Error).message }, 'reset decoy unavailable');
      return { kind: 'invalid' };
    }
  }
}
