/** One queue per consuming service (ARCHITECTURE "Runtime"). */
export const queueNames = ['identity', 'verification', 'offers', 'notifications'] as const;
export type QueueName = (typeof queueNames)[number];

/** Producer-side job defaults (CONVENTIONS "Events and queues"). */
export const jobDefaults = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000, jitter: 0.5 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;
