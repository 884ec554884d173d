import type { EntityManager } from '@mikro-orm/core';
import { deriveKey } from '@tullab/http';
import { RateLimiter } from '@tullab/rate-limits';
import type { Logger } from '@tullab/log';
import { serviceContext, type ServiceDeps } from '@tullab/runtime';
import type { ObjectStore } from '@tullab/storage';
import type { Config } from './config';
import { logoStore } from './modules/logos/store';
import { CatalogueCache } from './modules/offers/catalogue';
import { catalogueSnapshot } from './modules/offers/listing';
import { ActivityIngest } from './modules/tracking/ingest';

/** What offers' routes, worker and background tasks share; built once per running service. */
export interface OffersContext {
  config: Config;
  log: Logger;
  /** the request-scoped EntityManager (RequestContext) in routes; fork it elsewhere */
  em: EntityManager;
  store: ObjectStore;
  /** this service's Redis counters (redeems per student, tracking calls per user or visitor, applications per IP) */
  limiter: RateLimiter;
  catalogue: CatalogueCache;
  /** stores tracking calls in batches (decision 004) */
  tracking: ActivityIngest;
  /** the HMAC key of visitors' addresses in tracking events (decision 008) */
  visitorKey: string;
}

/** The context of a running service (its app, worker, schedules and start-up work share it). */
export const contextOf = serviceContext(
  ({ config, log, orm, redis }: ServiceDeps<Config>): OffersContext => ({
    config,
    log,
    em: orm.em,
    store: logoStore(config),
    limiter: new RateLimiter(redis, log, `${config.QUEUE_PREFIX}:offers:rl`),
    catalogue: new CatalogueCache(() => catalogueSnapshot(orm.em.fork())),
    tracking: new ActivityIngest(orm.em, log),
    visitorKey: deriveKey(config.INTERNAL_SECRET, 'offers', 'tracking-visitor-v1'),
  }),
);
