import { hkdfSync } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiter, type Logger } from '@tullab/http';
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
}

export function deriveKey(secret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'tullab-identity', purpose, 32)).toString('hex');
}

export function createContext(config: Config, log: Logger, redis: Redis): IdentityContext {
  const keyPrefix = `${config.QUEUE_PREFIX}:identity`;
  return {
    config,
    log,
    redis,
    limiter: new RateLimiter(redis, log, `${keyPrefix}:rl`),
    keyPrefix,
    codeKey: deriveKey(config.INTERNAL_SECRET, 'password-reset-code-v1'),
  };
}
