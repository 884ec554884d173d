import { serviceQueueNames } from '@tullab/contracts';

/** One queue per consuming service (ARCHITECTURE "Runtime"). */
export const queueNames = serviceQueueNames;
export type QueueName = (typeof queueNames)[number];

/** Producer-side job defaults (CONVENTIONS "Events and queues"). */
export const jobDefaults = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/**
 * How workers hold their jobs: a job's lock is renewed every 5 s, so a worker that died (kill -9, a lost machine)
 * loses it within 10 s, and another worker checking every 5 s puts the job back to be run again: a job is never
 * stuck "active" for more than about 15 s (docs/reliability.md). A job that stalls twice fails and shows in the failed
 * set, where staff can retry it.
 */
export const workerLocks = { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 1 } as const;
