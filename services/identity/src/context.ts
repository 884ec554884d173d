import type { EntityManager } from '@mikro-orm/core';
import type { PostgresListener } from '@tullab/db';
import { deriveKey } from '@tullab/http';
import { RateLimiter } from '@tullab/rate-limits';
import type { Logger } from '@tullab/log';
import { serviceContext, type ServiceDeps } from '@tullab/runtime';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { relaySessionChanges } from './modules/sessions/broadcasts';

/** What identity's modules share; one per running service. */
export interface IdentityContext {
  config: Config;
  log: Logger;
  /** the root EntityManager (deps.orm.em): within a request it stands for that request's own context */
  em: EntityManager;
  /** fail-fast Redis: rate limits never make an answer wait for a Redis that is down */
  redis: Redis;
  limiter: RateLimiter;
  /** key prefix of this service's own Redis counters */
  keyPrefix: string;
  /** HMAC key for reset codes (S17), derived from INTERNAL_SECRET so it never sits in the database */
  codeKey: string;
  /** sealing key of the staff TOTP secrets (S37): a database dump alone cannot produce second-factor codes */
  mfaKey: string;
  /**
   * keys the pairwise subjects brands know students by (decision 019): the provider's ID tokens and the events for the
   * brands' webhooks (issue 30 point 5) name a student alike
   */
  subjectKey: string;
  /** user and session changes relayed to the gateways (decision 005) */
  sessionChanges: PostgresListener;
}

/** The context of a running service (its app, worker and background work share it). */
export const contextOf = serviceContext((deps: ServiceDeps<Config>): IdentityContext => {
  const { config, log, redis } = deps;
  const keyPrefix = `${config.QUEUE_PREFIX}:identity`;
  return {
    config,
    log,
    em: deps.orm.em,
    redis,
    limiter: new RateLimiter(redis, log, `${keyPrefix}:rl`),
    keyPrefix,
    codeKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'password-reset-code-v1'),
    mfaKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'staff-totp-secret-v1'),
    subjectKey: deriveKey(config.INTERNAL_SECRET, 'identity', 'connect-subjects-v1'),
    sessionChanges: relaySessionChanges(deps),
  };
});
