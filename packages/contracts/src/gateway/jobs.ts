/** One BullMQ queue per consuming service: the events for that service go to it. */
export const serviceQueueNames = ['identity', 'verification', 'offers', 'notifications'] as const;

/** The queues the console's jobs page watches: each service's, and each service's queue of scheduled tasks. */
export const watchedQueueNames: readonly string[] = [
  ...serviceQueueNames,
  ...serviceQueueNames.map((name) => `${name}-schedule` as const),
];

/** One job in a BullMQ failed set (`/admin/jobs`); its id is `<queue>:<job id>`. */
export interface FailedJobRecord {
  /** `<queue>:<job id>` */
  id: string;
  queue: string;
  jobId: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
  /** the envelope's request id, to find the action's logs */
  requestId: string | null;
}

/** `GET /admin/jobs/summary`: one row per queue. */
export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}
