import { Queue, type Job } from 'bullmq';
import { Router } from 'express';
import type { Redis } from 'ioredis';
import {
  gatewayOwn,
  watchedQueueNames,
  type ApiRoute,
  type FailedJobRecord,
  type QueueCounts,
} from '@tullab/contracts';
import { bindRoute, HttpError } from '@tullab/http';
import type { Logger } from '@tullab/log';
import { callerGuard, type ResolveCaller } from '../sessions/guard';

const MAX_SCAN = 1000;

const { routes } = gatewayOwn;

function toRecord(queue: string, job: Job): FailedJobRecord {
  const data = job.data as { requestId?: unknown } | undefined;
  return {
    id: `${queue}:${job.id}`,
    queue,
    jobId: String(job.id),
    name: job.name,
    failedReason: job.failedReason ?? '',
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    createdAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    requestId: typeof data?.requestId === 'string' ? data.requestId : null,
  };
}

export interface JobsDeps {
  redis: Redis;
  prefix: string;
  log: Logger;
  resolveCaller: ResolveCaller;
}

/**
 * `/api/admin/jobs` for staff: the BullMQ failed sets of every queue (mail that could not be sent, tracking that
 * could not be counted) in the ra-data-simple-rest dialect, the counts per queue, and a retry action, so an
 * operator sees and unblocks stuck background work from the console. The queue handles share the gateway's
 * Redis connection, which the gateway closes on shutdown. Mounted under `/api`.
 */
export function jobsRouter(deps: JobsDeps): Router {
  const queues = new Map(
    watchedQueueNames.map((name) => [name, new Queue(name, { connection: deps.redis, prefix: deps.prefix })]),
  );
  for (const [name, queue] of queues)
    queue.on('error', (err) => deps.log.warn({ err: err.message, queue: name }, 'queue error'));
  const router = Router();
  const guarded = (route: ApiRoute) => ({ guard: callerGuard(deps.resolveCaller, route) });

  bindRoute(
    router,
    routes.queueCounts,
    () =>
      Promise.all(
        [...queues].map(async ([name, queue]): Promise<QueueCounts> => {
          const count = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
          return { queue: name, waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0, ...count };
        }),
      ),
    guarded(routes.queueCounts),
  );

  bindRoute(
    router,
    routes.failedJobs,
    async ({ list }) => {
      const wanted = list.where.queue;
      if (wanted !== undefined && !queues.has(String(wanted)))
        throw new HttpError(400, 'Invalid filter: unknown queue');
      const selected = [...queues].filter(([name]) => wanted === undefined || name === wanted);
      const end = Math.min(list.offset + list.limit, MAX_SCAN);
      const perQueue = await Promise.all(
        selected.map(async ([name, queue]) => ({
          total: await queue.getFailedCount(),
          records: (await queue.getFailed(0, end - 1)).map((job) => toRecord(name, job)),
        })),
      );
      const direction = list.orderBy.failedAt === 'ASC' ? 1 : -1;
      const records = perQueue
        .flatMap((entry) => entry.records)
        .sort(
          (a, b) =>
            direction * ((a.failedAt ?? '').localeCompare(b.failedAt ?? '') || a.id.localeCompare(b.id)),
        );
      const total = perQueue.reduce((sum, entry) => sum + entry.total, 0);
      return { items: records.slice(list.offset, end), total };
    },
    guarded(routes.failedJobs),
  );

  bindRoute(
    router,
    routes.retryJob,
    async ({ params: { id } }) => {
      const at = id.indexOf(':');
      const queue = at > 0 ? queues.get(id.slice(0, at)) : undefined;
      const job = queue ? await queue.getJob(id.slice(at + 1)) : undefined;
      if (!queue || !job) throw new HttpError(404, 'Job not found');
      if (!(await job.isFailed())) throw new HttpError(409, 'This job is not in the failed set');
      await job.retry('failed');
      return { ...toRecord(queue.name, job), failedReason: '' };
    },
    guarded(routes.retryJob),
  );

  return router;
}
