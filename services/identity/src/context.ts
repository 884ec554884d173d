import type { Redis } from 'ioredis';
import { deriveKey, RateLimiter, type Logger } from '@tullab/http';
import type { Config } from './config';

/** What identity's services need besides an EntityManager; built once in createApp. */
export interface IdentityContext {
  config: Config;
  log: Logger;
  /** fail-fast Redis: rate limits never make an answer wait for a Redis that is down */
  redis: Redis;
  limiter: RateLimiter;
  /** key prefix of this service's own Redis counters */
  keyPrefix: string;
  /** HMAC key for reset codes (S17), derived from INTERNAL_SECRET so it never sits in the database */
  codeKey: string;
  /** sealing key of the staff TOTP secrets (S37): a database dump alone cannot produce second-factor codes */
  mfaKey: string;
}

export function createContext(config: Config, log: Logger, redis: Redis): IdentityContext {
  const keyPrefix = `${config.QUEUE_PREFIX}:identity`;
  return {
    config,
    log,
    redis,
    limiter: new RateLimiter(redis, log, `${keyPrefix}:rl`),
    keyPrefix,
    codeKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'password-reset-code-v1'),
    mfaKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'staff-totp-secret-v1'),
  };
}
