import type { FailedJobRecord as FailedJob } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

export type { QueueCounts } from '@tullab/contracts';

/** One job in a BullMQ failed set (`/api/admin/jobs`); its id is `<queue>:<job id>`. */
export type FailedJobRecord = FailedJob & RaRecord;

/** The queues the gateway watches: one per consuming service, and one per service for its schedules. */
export { watchedQueueNames as queueNames } from '@tullab/contracts';
