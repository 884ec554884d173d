import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntitySchema, MigrationObject, MikroORM } from '@mikro-orm/core';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import { databaseReadiness, initOrm } from '@tullab/db';
import {
  Publisher,
  assertNoEviction,
  createRedis,
  redisReadiness,
  startConsumer,
  startRelay,
  startSchedules,
  watchRedisMemory,
  type Handlers,
  type QueueName,
  type Relay,
  type ScheduledTask,
} from '@tullab/events';
import { closeServer, drain, listen } from '@tullab/http';
import { createLogger, type Logger } from '@tullab/log';
import type { ReadinessCheck } from '@tullab/config';
import { withEventTables } from './database';
import { serviceMetrics, type ServiceMetrics } from './metrics';

/** The configuration every service shares (`serviceEnv` in @tullab/config). */
export interface ServiceConfig {
  PORT: number;
  DATABASE_URL: string;
  DB_SCHEMA: string;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  INTERNAL_SECRET: string;
  LOG_LEVEL: string;
  SHUTDOWN_DRAIN_MS?: number;
}

/** What a service's app and background tasks are given. */
export interface ServiceDeps<C extends ServiceConfig> {
  /** the service's name: identity headers for another service are refused */
  name: QueueName;
  config: C;
  log: Logger;
  orm: MikroORM;
  /** fail-fast connection for producers, rate limits and caches */
  redis: Redis;
  publisher: Publisher;
  relay: Relay;
  checks: ReadinessCheck[];
  isShuttingDown: () => boolean;
  /** the service's Prometheus metrics, answered at `GET /metrics` (docs/metrics.md) */
  metrics: ServiceMetrics;
}

export interface ServiceSpec<C extends ServiceConfig> {
  /** the service's name, which is also the name of the one queue it consumes */
  name: QueueName;
  entities: EntitySchema[];
  /** the service's own migrations, oldest first (the events tables come before them) */
  migrations: MigrationObject[];
  /** the handlers of the events on the service's queue (they may use the service's context) */
  handlers(deps: ServiceDeps<C>): Handlers;
  createApp(deps: ServiceDeps<C>): Express;
  /** tasks repeated on a timer as BullMQ job schedulers (queue `<name>-schedule`) */
  schedules?(deps: ServiceDeps<C>): ScheduledTask[];
  /** optional background work started after the HTTP server listens; returns how to stop it */
  startBackground?(deps: ServiceDeps<C>): Promise<() => Promise<void>>;
  /** extra readiness checks (e.g. object storage) */
  extraChecks?(config: C): ReadinessCheck[];
  /** run once after migrations, before listening (e.g. creating the first admin) */
  prepare?(deps: ServiceDeps<C>): Promise<void>;
}

export interface RunningService<C extends ServiceConfig> {
  url: string;
  port: number;
  deps: ServiceDeps<C>;
  /** graceful stop: HTTP, worker (waits for active jobs), background work, relay, queues, ORM */
  close(): Promise<void>;
}

/**
 * Starts a service (docs/anatomy.md): ORM + migrations → HTTP → consumer → relay. Tests call it with
 * PORT 0 and a schema and queue prefix of their own.
 */
export async function startService<C extends ServiceConfig>(
  spec: ServiceSpec<C>,
  config: C,
  log: Logger = createLogger(spec.name, config.LOG_LEVEL),
): Promise<RunningService<C>> {
  const orm = await initOrm({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    ...withEventTables(spec),
    log,
  });
  const redis = createRedis(config.REDIS_URL, 'producer', log);
  const workerRedis = createRedis(config.REDIS_URL, 'worker', log);
  await assertNoEviction(workerRedis, log);
  const publisher = new Publisher(redis, config.QUEUE_PREFIX, log);
  let shuttingDown = false;
  const checks = [databaseReadiness(orm), redisReadiness(redis), ...(spec.extraChecks?.(config) ?? [])];
  const relay = startRelay({ orm, publisher, log });
  const deps: ServiceDeps<C> = {
    name: spec.name,
    config,
    log,
    orm,
    redis,
    publisher,
    relay,
    checks,
    isShuttingDown: () => shuttingDown,
    metrics: serviceMetrics(spec.name, orm, log),
  };

  await spec.prepare?.(deps);
  const server: Server = await listen(spec.createApp(deps), config.PORT);
  const worker = startConsumer(spec.name, spec.handlers(deps), {
    orm,
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    log,
  });
  const stopBackground = (await spec.startBackground?.(deps)) ?? (async () => undefined);
  const tasks = spec.schedules?.(deps) ?? [];
  const schedules = tasks.length
    ? await startSchedules(spec.name, tasks, { connection: workerRedis, prefix: config.QUEUE_PREFIX, log })
    : null;
  deps.metrics.watchQueues(
    schedules ? [publisher.queue(spec.name), schedules.queue] : [publisher.queue(spec.name)],
  );
  // Redis losing its data must not lose events or schedules: put them back within seconds (docs/reliability.md)
  const memory = watchRedisMemory({
    redis,
    prefix: config.QUEUE_PREFIX,
    log,
    onLost: async () => {
      await schedules?.restore();
      await relay.resendRecent();
    },
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, `${spec.name} listening`);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    async close() {
      shuttingDown = true;
      await drain(config.SHUTDOWN_DRAIN_MS);
      await closeServer(server);
      await worker.close();
      await memory.stop();
      await schedules?.close();
      await stopBackground();
      await relay.stop();
      await publisher.close();
      redis.disconnect();
      workerRedis.disconnect();
      await orm.close();
    },
  };
}

/**
 * A service as its `service.ts` declares it (docs/anatomy.md): its spec, and `startService(config, log?)` starting it
 * with {@link startService}: `export const { spec, startService } = defineService<Config>({ name: 'notifications', … })`.
 */
export function defineService<C extends ServiceConfig>(spec: ServiceSpec<C>) {
  return {
    spec,
    startService: (config: C, log?: Logger): Promise<RunningService<C>> => startService(spec, config, log),
  };
}
