import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { WEBHOOK_ATTEMPTS } from '@tullab/contracts';
import { jobDefaults } from '@tullab/events';
import type { Logger } from '@tullab/log';

/** The queue of webhook deliveries (issue 30 point 5): notifications' own, beside the events' `notifications`. */
export const WEBHOOKS_QUEUE = 'notifications-webhooks';

/** A job: one delivery, tried up to its job's `attempts`; a resend is tried even if it was delivered before. */
export interface WebhookJob {
  deliveryId: string;
  resend?: boolean;
}

export interface WebhookQueue {
  queue: Queue<WebhookJob>;
  /** a new delivery: tried now, then again with exponential backoff, WEBHOOK_ATTEMPTS tries in all */
  deliver(deliveryId: string): Promise<void>;
  /** a delivery tried once more now (a brand's resend), whatever became of it before */
  resend(deliveryId: string): Promise<void>;
  /** a pending delivery whose job was lost (Redis was down or lost its data): its remaining tries */
  requeue(deliveryId: string, attemptsMade: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The webhooks queue, with the events' job defaults (CONVENTIONS "Events and queues": kept a day when done and 30
 * days when failed) and backoff from `retryBaseMs` (WEBHOOK_RETRY_BASE_MS), doubling: 1, 2, 4, … 64 minutes by
 * default, about two hours from the first try to the last. Its own copy of the producer connection, as the
 * Publisher's queues have (BullMQ defines its commands on the connection it is given).
 */
export function createWebhookQueue(options: {
  connection: Redis;
  prefix: string;
  log: Logger;
  retryBaseMs: number;
}): WebhookQueue {
  const connection = options.connection.duplicate();
  connection.on('error', () => undefined);
  const queue = new Queue<WebhookJob>(WEBHOOKS_QUEUE, { connection, prefix: options.prefix });
  queue.on('error', (err) => options.log.warn({ err: err.message, queue: WEBHOOKS_QUEUE }, 'queue error'));
  const add = async (jobId: string, job: WebhookJob, attempts: number) => {
    const backoff = { ...jobDefaults.backoff, delay: options.retryBaseMs };
    await queue.add('deliver', job, { ...jobDefaults, backoff, attempts, jobId });
  };
  return {
    queue,
    deliver: (deliveryId) => add(deliveryId, { deliveryId }, WEBHOOK_ATTEMPTS),
    resend: (deliveryId) => add(`${deliveryId}-resend-${Date.now()}`, { deliveryId, resend: true }, 1),
    requeue: (deliveryId, attemptsMade) =>
      add(
        `${deliveryId}-after-${attemptsMade}`,
        { deliveryId },
        Math.max(1, WEBHOOK_ATTEMPTS - attemptsMade),
      ),
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}
