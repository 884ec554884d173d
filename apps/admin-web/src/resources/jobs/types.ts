import type { RaRecord } from 'react-admin';

/** One job in a BullMQ failed set (`/api/admin/jobs`); its id is `<queue>:<job id>`. */
export interface FailedJobRecord extends RaRecord {
  id: string;
  queue: string;
  jobId: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
  requestId: string | null;
}

/** `GET /api/admin/jobs/summary`: one row per queue. */
export interface QueueCounts {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** The queues the gateway watches: one per consuming service, and one per service for its schedules. */
const services = ['identity', 'verification', 'offers', 'notifications'];
export const queueNames = [...services, ...services.map((name) => `${name}-schedule`)];
