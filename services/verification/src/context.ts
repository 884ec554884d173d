import type { Redis } from 'ioredis';
import { deriveKey, RateLimiter, type Logger } from '@tullab/http';
import { ObjectStore } from '@tullab/storage';
import type { Config } from './config';

/** What verification's modules need besides an EntityManager; built once per process. */
export interface VerificationContext {
  config: Config;
  log: Logger;
  limiter: RateLimiter;
  /** for what a counter cannot say: one upload at a time per student */
  redis: Redis;
  /** HMAC key of student e-mail codes (S17), derived from INTERNAL_SECRET so it never sits in the database */
  codeKey: string;
  /** the private documents bucket */
  documents: ObjectStore;
}

export function createContext(config: Config, log: Logger, redis: Redis): VerificationContext {
  return {
    config,
    log,
    limiter: new RateLimiter(redis, log, `${config.QUEUE_PREFIX}:verification:rl`),
    redis,
    codeKey: deriveKey(config.INTERNAL_SECRET, 'verification', 'student-email-code-v1'),
    documents: new ObjectStore(config, config.DOCUMENT_BUCKET),
  };
}

const contexts = new WeakMap<object, VerificationContext>();

/** The one context of a running service (its app, its scheduled tasks and its start-up share it). */
export function contextOf(deps: { config: Config; log: Logger; redis: Redis }): VerificationContext {
  let context = contexts.get(deps);
  if (!context) {
    context = createContext(deps.config, deps.log, deps.redis);
    contexts.set(deps, context);
  }
  return context;
}
