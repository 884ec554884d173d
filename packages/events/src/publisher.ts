import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';
import { catalog, type EventName } from '@tullab/contracts';
import type { Envelope } from './envelope';
import { jobDefaults, type QueueName } from './queues';

const PUBLISH_TIMEOUT_MS = 3000;
const CLOSE_TIMEOUT_MS = 2000;

/** Rejects when the promise takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: Redis did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Adds envelopes to the queue of every consumer, with `jobId` = event id so a repeat is ignored by BullMQ.
 * Publishing fails within 3 s when Redis is unreachable (even one that never answered since start-up), so a
 * caller's transaction is never held open waiting for it.
 *
 * The queues use a copy of the given connection (same options), made with the first queue and ended by `close()`:
 * BullMQ defines its Lua commands on the connection it is given, and ioredis copies every defined command into each
 * MULTI or pipeline made on that connection, so the rate limits sharing the service's connection paid for BullMQ's
 * commands on every call (decision 004).
 */
export class Publisher {
  private readonly queues = new Map<QueueName, Queue>();
  private queueConnection: Redis | undefined;

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly log: Logger,
  ) {}

  async publish(envelope: Envelope): Promise<void> {
    const { consumers } = catalog[envelope.name as EventName];
    const adds = consumers.map((name) =>
      this.queue(name).add(envelope.name, envelope, { ...jobDefaults, jobId: envelope.id }),
    );
    await within(Promise.all(adds), PUBLISH_TIMEOUT_MS, `publishing ${envelope.name}`);
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      if (!this.queueConnection) {
        this.queueConnection = this.connection.duplicate();
        // its errors reach the queues' listeners below
        this.queueConnection.on('error', () => undefined);
      }
      queue = new Queue(name, { connection: this.queueConnection, prefix: this.prefix });
      queue.on('error', (err) => this.log.warn({ err: err.message, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Closes the queues and their connection; gives up waiting after 2 s when Redis is unreachable (the given connection
   * is the caller's to end).
   */
  async close(): Promise<void> {
    const closes = Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await within(closes, CLOSE_TIMEOUT_MS, 'closing queues').catch((err: Error) =>
      this.log.warn({ err: err.message }, 'queues not closed cleanly'),
    );
    this.queueConnection?.disconnect();
  }
}
