import type { MikroORM } from '@mikro-orm/core';
import { Counter, Gauge } from 'prom-client';
import { rows } from '@tullab/db';
import { processMetrics, withTimeout, type ProcessMetrics } from '@tullab/http';
import type { Logger } from '@tullab/log';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** a scrape waits no longer for Redis or PostgreSQL (the schedule queue's connection queues commands while Redis is down) */
const READ_TIMEOUT_MS = 2000;

/** What the job gauge reads of a BullMQ queue. */
export interface CountedQueue {
  name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

/** A service's metrics (docs/metrics.md): the process's, its queues and outbox read on each scrape, and its own. */
export interface ServiceMetrics extends ProcessMetrics {
  /** the queues whose jobs `bullmq_jobs` counts (the service's own and its `-schedule` queue, once they exist) */
  watchQueues(queues: CountedQueue[]): void;
  /** a counter of the service's own, on its registry (notifications' `mail_delivery_failures_total`) */
  counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L>;
}

/**
 * The metrics of the service `name`. The queue and outbox gauges are read when Prometheus scrapes (one Redis call per
 * queue, one indexed SQL query); a read that fails keeps the last values and is logged at debug, so a Redis or
 * PostgreSQL outage never fails the scrape (readiness and the logs show it).
 */
export function serviceMetrics(name: string, orm: MikroORM, log: Logger): ServiceMetrics {
  const metrics = processMetrics(name);
  const registers = [metrics.registry];
  let queues: CountedQueue[] = [];

  new Gauge({
    name: 'bullmq_jobs',
    help: 'Jobs in each BullMQ queue of the service, by state',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      try {
        const counts = await withTimeout(
          Promise.all(queues.map((queue) => queue.getJobCounts(...JOB_STATES))),
          READ_TIMEOUT_MS,
        );
        queues.forEach((queue, i) => {
          for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[i][state] ?? 0);
        });
      } catch (err) {
        log.debug({ err: (err as Error).message }, 'queue metrics not read');
      }
    },
  });

  // unrelayed rows: the partial index outbox_unsent_idx answers this from its own pages
  const readOutbox = () =>
    rows<{ backlog: number; age: number | null }>(
      orm.em.fork(),
      'select count(*)::int as backlog, extract(epoch from now() - min(occurred_at))::float8 as age from outbox where enqueued_at is null',
    );
  let outbox: ReturnType<typeof readOutbox> | undefined;
  /** one query for both gauges: a scrape collects every metric at once */
  const outboxOnce = () => {
    outbox ??= withTimeout(readOutbox(), READ_TIMEOUT_MS).finally(() => (outbox = undefined));
    return outbox;
  };
  const outboxGauge = (
    gaugeName: string,
    help: string,
    value: (row: { backlog: number; age: number | null }) => number,
  ) =>
    new Gauge({
      name: gaugeName,
      help,
      registers,
      async collect() {
        try {
          const [row] = await outboxOnce();
          this.set(value(row));
        } catch (err) {
          log.debug({ err: (err as Error).message }, 'outbox metrics not read');
        }
      },
    });
  outboxGauge('outbox_backlog', 'Outbox events not yet moved to their queues', (row) => row.backlog);
  outboxGauge(
    'outbox_oldest_age_seconds',
    'Age of the oldest outbox event not yet moved to its queues',
    (row) => Math.max(0, row.age ?? 0),
  );

  return {
    ...metrics,
    watchQueues(watched) {
      queues = watched;
    },
    counter: (counterName, help, labelNames) =>
      new Counter({ name: counterName, help, labelNames, registers }),
  };
}
