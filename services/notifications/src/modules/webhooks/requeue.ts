import type { MikroORM } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import type { ScheduledTask } from '@tullab/events';
import type { WebhookQueue } from './queue';

/** The most deliveries one run hands back to the queue. */
const BATCH = 500;

/**
 * Webhook deliveries whose job was lost (issue 30 point 5): a delivery is recorded in the consumer's transaction and
 * handed to the queue once that committed, so a Redis that was down then, or lost its data, leaves it pending with
 * no job. A pending delivery whose next try is more than `stallMs` overdue is handed to the queue again with its
 * remaining tries (the job id names the tries made, so a later run adds no second job for the same state). A
 * delivery a busy queue was only slow to try may be sent twice: the receiver knows it by its `webhook-id`.
 */
export function requeueTask(
  orm: MikroORM,
  queue: WebhookQueue,
  everyMs: number,
  stallMs: number,
): ScheduledTask {
  return {
    name: 'webhook-requeue',
    everyMs,
    async run(log) {
      const due = await rows<{ id: string; attempts: number }>(
        orm.em.fork(),
        `select id, attempts from webhook_delivery
         where status = 'pending' and next_attempt_at < now() - make_interval(secs => ?)
         order by next_attempt_at limit ?`,
        [stallMs / 1000, BATCH],
      );
      for (const delivery of due) await queue.requeue(delivery.id, delivery.attempts);
      if (due.length)
        log.warn({ count: due.length }, 'webhook deliveries without a job handed to the queue again');
    },
  };
}
