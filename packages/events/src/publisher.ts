import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/http';
import { catalog, type EventName } from './catalog';
import type { Envelope } from './envelope';
import { jobDefaults, type QueueName } from './queues';

/** Adds envelopes to the queue of every consumer, with `jobId` = event id so a repeat is ignored by BullMQ. */
export class Publisher {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {}

  async publish(envelope: Envelope): Promise<void> {
    const { consumers } = catalog[envelope.name as EventName];
    await Promise.all(
      consumers.map((name) => this.queue(name).add(envelope.name, envelope, { ...jobDefaults, jobId: envelope.id })),
    );
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (err) => this.log.warn({ err: err.message, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
