import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';
import { workerLocks, type QueueName } from './queues';

/** Work a service repeats on a timer (expiry sweeps, reminders): idempotent, so a repeat or a late run is harmless. */
export interface ScheduledTask {
  /** unique within the service; also the BullMQ job scheduler id */
  name: string;
  everyMs: number;
  /**
   * One run. No request caused it, so the scheduler gives each run a request id of its own (`requestId`, also in every
   * line of `log`): the events the run publishes carry it, as a request's do (ARCHITECTURE "Request ids"). A test that
   * runs a task by hand may leave it out.
   */
  run(log: Logger, requestId?: string): Promise<void>;
}

export interface Schedules {
  queue: Queue;
  /** creates the job schedulers again (after Redis lost them) */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Runs the service's scheduled tasks as BullMQ job schedulers on the queue `<service>-schedule`, so however many
 * replicas run, each tick runs once, and a failed run shows in that queue's failed set. Schedulers of tasks that no
 * longer exist are removed.
 */
export async function startSchedules(
  service: QueueName,
  tasks: ScheduledTask[],
  options: { connection: Redis; prefix: string; log: Logger },
): Promise<Schedules> {
  const { connection, prefix, log } = options;
  const name = `${service}-schedule`;
  const queue = new Queue(name, { connection, prefix });
  queue.on('error', (err) => log.warn({ err: err.message, queue: name }, 'queue error'));
  const byName = new Map(tasks.map((task) => [task.name, task]));
  for (const existing of await queue.getJobSchedulers()) {
    if (existing.key && !byName.has(existing.key)) await queue.removeJobScheduler(existing.key);
  }
  const restore = async () => {
    for (const task of tasks) {
      await queue.upsertJobScheduler(
        task.name,
        { every: task.everyMs },
        {
          name: task.name,
          opts: { removeOnComplete: { count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } },
        },
      );
    }
  };
  await restore();
  const worker = new Worker(
    name,
    async (job) => {
      const task = byName.get(job.name);
      if (!task) return;
      const requestId = randomUUID();
      await task.run(log.child({ task: task.name, requestId }), requestId);
    },
    { connection, prefix, concurrency: 1, ...workerLocks },
  );
  worker.on('error', (err) => log.warn({ err: err.message, queue: name }, 'worker error'));
  worker.on('failed', (job, err) =>
    log.error({ queue: name, task: job?.name, err: err.message }, 'scheduled task failed'),
  );
  return {
    queue,
    restore,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
