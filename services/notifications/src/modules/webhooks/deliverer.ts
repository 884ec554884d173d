import type { MikroORM } from '@mikro-orm/core';
import { Worker, type Job } from 'bullmq';
import { createRedis, workerLocks } from '@tullab/events';
import type { Logger } from '@tullab/log';
import { attemptDelivery, type AttemptOptions } from './attempts';
import { WEBHOOKS_QUEUE, type WebhookJob } from './queue';

export interface DelivererOptions extends AttemptOptions {
  orm: MikroORM;
  redisUrl: string;
  prefix: string;
  log: Logger;
  /** WEBHOOK_RETRY_BASE_MS: the queue's backoff, from which the next try's time is told */
  retryBaseMs: number;
  concurrency?: number;
}

/**
 * The worker of the webhooks queue (issue 30 point 5): each job tries its delivery (`attemptDelivery`); a try to be
 * repeated throws, so BullMQ runs the job again after its backoff, and the job's last try records the failure itself
 * and ends. Started as notifications' background work; `close()` lets the tries under way finish.
 */
export function startWebhookDeliverer(options: DelivererOptions): { close(): Promise<void> } {
  const { orm, log } = options;
  const connection = createRedis(options.redisUrl, 'worker', log, 'notifications-webhooks');
  const run = async (job: Job<WebhookJob>) => {
    const made = job.attemptsMade;
    const final = made + 1 >= (job.opts.attempts ?? 1);
    // BullMQ's exponential backoff after this try: base·2^made, less up to half at random
    const retryAt = new Date(Date.now() + options.retryBaseMs * 2 ** made);
    const em = orm.em.fork({ disableContextResolution: true });
    const resend = job.data.resend === true;
    const tried = await attemptDelivery(em, job.data.deliveryId, { resend, final, retryAt }, options);
    const fields = {
      deliveryId: job.data.deliveryId,
      appId: tried.delivery?.appId,
      type: tried.delivery?.type,
      attempt: made + 1,
      resend,
      status: tried.status,
      requestId: tried.delivery?.requestId,
    };
    if (tried.outcome === 'delivered') log.info(fields, 'webhook delivered');
    if (tried.outcome === 'failed') log.error(fields, 'webhook not delivered; failed for good');
    if (tried.outcome === 'retry') {
      log.warn(fields, 'webhook not delivered; will retry');
      throw new Error(`webhook ${job.data.deliveryId} not delivered`);
    }
  };
  const worker = new Worker<WebhookJob>(WEBHOOKS_QUEUE, run, {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 4,
    ...workerLocks,
  });
  worker.on('error', (err) => log.warn({ err: err.message, queue: WEBHOOKS_QUEUE }, 'worker error'));
  return {
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}
