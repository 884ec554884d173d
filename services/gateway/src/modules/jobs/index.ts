import { Queue, type Job } from 'bullmq';
import { Router, type Request, type Response } from 'express';
import type { Redis } from 'ioredis';
import { watchedQueueNames, type FailedJobRecord, type QueueCounts } from '@tullab/contracts';
import { HttpError, parseListQuery, sendList, type Caller } from '@tullab/http';
import type { Logger } from '@tullab/log';

const MAX_SCAN = 1000;

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
  /** who is calling (the session, resolved by identity) */
  resolveCaller(req: Request, res: Response): Promise<Caller>;
}

/**
 * `/api/admin/jobs` for staff: the BullMQ failed sets of every queue (mail that could not be sent, tracking that
 * could not be counted) in the ra-data-simple-rest dialect, the counts per queue, and a retry action, so an
 * operator sees and unblocks stuck background work from the console. The queue handles share the gateway's
 * Redis connection, which the gateway closes on shutdown.
 */
export function jobsRouter(deps: JobsDeps): Router {
  const queues = new Map(
    watchedQueueNames.map((name) => [name, new Queue(name, { connection: deps.redis, prefix: deps.prefix })]),
  );
  for (const [name, queue] of queues)
    queue.on('error', (err) => deps.log.warn({ err: err.message, queue: name }, 'queue error'));
  const router = Router();

  router.use('/admin/jobs', async (req, res, next) => {
    const caller = await deps.resolveCaller(req, res);
    if (!caller.userId) throw new HttpError(401, 'Not authenticated');
    if (caller.role !== 'staff' && caller.role !== 'admin') throw new HttpError(403, 'Forbidden');
    next();
  });

  router.get('/admin/jobs/summary', async (_req, res) => {
    const counts: QueueCounts[] = await Promise.all(
      [...queues].map(async ([name, queue]) => {
        const count = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
        return { queue: name, waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0, ...count };
      }),
    );
    res.json(counts);
  });

  router.get('/admin/jobs', async (req, res) => {
    const query = parseListQuery(req.query, {
      sortable: ['failedAt'],
      filterable: { queue: 'eq' },
      defaultSort: ['failedAt', 'DESC'],
    });
    const wanted = query.where.queue;
    if (wanted !== undefined && !queues.has(String(wanted)))
      throw new HttpError(400, 'Invalid filter: unknown queue');
    const selected = [...queues].filter(([name]) => wanted === undefined || name === wanted);
    const end = Math.min(query.offset + query.limit, MAX_SCAN);
    const perQueue = await Promise.all(
      selected.map(async ([name, queue]) => ({
        total: await queue.getFailedCount(),
        records: (await queue.getFailed(0, end - 1)).map((job) => toRecord(name, job)),
      })),
    );
    const direction = query.orderBy.failedAt === 'ASC' ? 1 : -1;
    const records = perQueue
      .flatMap((entry) => entry.records)
      .sort(
        (a, b) =>
          direction * ((a.failedAt ?? '').localeCompare(b.failedAt ?? '') || a.id.localeCompare(b.id)),
      );
    const total = perQueue.reduce((sum, entry) => sum + entry.total, 0);
    sendList(res, 'jobs', records.slice(query.offset, end), total, query.offset);
  });

  router.post('/admin/jobs/:id/retry', async (req, res) => {
    const id = String(req.params.id);
    const at = id.indexOf(':');
    const queue = at > 0 ? queues.get(id.slice(0, at)) : undefined;
    const job = queue ? await queue.getJob(id.slice(at + 1)) : undefined;
    if (!queue || !job) throw new HttpError(404, 'Job not found');
    if (!(await job.isFailed())) throw new HttpError(409, 'This job is not in the failed set');
    await job.retry('failed');
    res.json({ ...toRecord(queue.name, job), failedReason: '' });
  });

  return router;
}
