import type { EntityManager } from '@mikro-orm/core';
import type { Redis } from 'ioredis';
import { deriveKey } from '@tullab/http';
import { RateLimiter } from '@tullab/rate-limits';
import type { Logger } from '@tullab/log';
import { serviceContext, type ServiceDeps } from '@tullab/runtime';
import { ObjectStore } from '@tullab/storage';
import type { Config } from './config';

/** What verification's routes, worker, schedules and start-up work share; one per running service. */
export interface VerificationContext {
  config: Config;
  log: Logger;
  /** the request-scoped EntityManager (RequestContext) in routes; fork it elsewhere */
  em: EntityManager;
  limiter: RateLimiter;
  /** for what a counter cannot say: one upload at a time per student */
  redis: Redis;
  /** HMAC key of student e-mail codes (S17), derived from INTERNAL_SECRET so it never sits in the database */
  codeKey: string;
  /** the private documents bucket */
  documents: ObjectStore;
}

/** The context of a running service (its app, worker, schedules and start-up work share it). */
export const contextOf = serviceContext(
  ({ config, log, orm, redis }: ServiceDeps<Config>): VerificationContext => ({
    config,
    log,
    em: orm.em,
    limiter: new RateLimiter(redis, log, `${config.QUEUE_PREFIX}:verification:rl`),
    redis,
    codeKey: deriveKey(config.INTERNAL_SECRET, 'verification', 'student-email-code-v1'),
    documents: new ObjectStore(config, config.DOCUMENT_BUCKET),
  }),
);
