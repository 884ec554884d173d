import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@tullab/log';
import { catalog, isEventName, type EventName, type PayloadOf } from '@tullab/contracts';
import { envelopeSchema, type Envelope } from './envelope';
import { workerLocks, type QueueName } from './queues';

export interface HandlerContext {
  /** the transaction that also records the event as processed */
  em: EntityManager;
  envelope: Envelope;
  log: Logger;
}

export type Handler<N extends EventName> = (payload: PayloadOf<N>, context: HandlerContext) => Promise<void>;
export type Handlers = { [N in EventName]?: Handler<N> };

export interface ConsumerOptions {
  orm: MikroORM;
  connection: Redis;
  prefix: string;
  log: Logger;
  concurrency?: number;
}

/** The request id a job's envelope carries, read without trusting its shape (a malformed job fails too). */
function requestIdOfJob(job: Job | undefined): string | null {
  const requestId = (job?.data as { requestId?: unknown } | undefined)?.requestId;
  return typeof requestId === 'string' ? requestId : null;
}

/**
 * One Worker for the service's own queue (CONVENTIONS "Consuming"). Per job: unknown name or bad payload → failed
 * without retry; otherwise, in one transaction, the event id is recorded in `processed_event` and the handler runs,
 * so an event delivered twice changes things once. Anything else a handler throws is retried with backoff.
 */
export function startConsumer(queue: QueueName, handlers: Handlers, options: ConsumerOptions): Worker {
  const { orm, log } = options;

  const process = async (job: Job): Promise<'done' | 'duplicate'> => {
    const parsed = envelopeSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`malformed envelope: ${parsed.error.message}`);
    const envelope = parsed.data;
    if (!isEventName(job.name) || job.name !== envelope.name)
      throw new UnrecoverableError(`unknown event ${job.name}`);
    const name: EventName = job.name;
    const handler = handlers[name] as Handler<typeof name> | undefined;
    if (!handler) throw new UnrecoverableError(`${queue} has no handler for ${name}`);
    const payload = catalog[name].schema.safeParse(envelope.payload);
    if (!payload.success) throw new UnrecoverableError(`invalid ${name} payload: ${payload.error.message}`);
    const jobLog = log.child({
      event: name,
      eventId: envelope.id,
      attempt: job.attemptsMade + 1,
      requestId: envelope.requestId,
    });

    return orm.em.fork().transactional(async (em) => {
      const inserted = await em
        .getConnection()
        .execute<{ affectedRows: number }>(
          'insert into processed_event (event_id, name, processed_at) values (?, ?, now()) on conflict do nothing',
          [envelope.id, name],
          'run',
          em.getTransactionContext(),
        );
      if (inserted.affectedRows === 0) {
        jobLog.info('event already handled; skipped');
        return 'duplicate';
      }
      await handler(payload.data as PayloadOf<typeof name>, { em, envelope, log: jobLog });
      return 'done';
    });
  };

  const worker = new Worker(queue, process, {
    connection: options.connection,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 4,
    ...workerLocks,
  });
  worker.on('error', (err) => log.warn({ err: err.message, queue }, 'worker error'));
  worker.on('failed', (job, err) => {
    const final = !job || err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    const fields = {
      queue,
      event: job?.name,
      eventId: job?.id,
      attempt: job?.attemptsMade,
      requestId: requestIdOfJob(job),
      err: err.message,
    };
    if (final) log.error(fields, 'job failed for good; it stays in the failed set');
    else log.warn(fields, 'job failed; will retry');
  });
  return worker;
}
