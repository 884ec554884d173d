import { LockMode, type MikroORM } from '@mikro-orm/core';
import type { Logger } from '@tullab/log';
import { OutboxMessageSchema, type OutboxMessage } from './entities';
import type { Envelope } from './envelope';
import type { Publisher } from './publisher';

export interface RelayOptions {
  orm: MikroORM;
  publisher: Publisher;
  log: Logger;
  /** how often unsent rows are looked for (1 s) */
  intervalMs?: number;
  batchSize?: number;
  /** a sent row is sent again after this long, in case Redis lost it (15 min); BullMQ ignores the repeat otherwise */
  sweepAfterMs?: number;
  /** rows older than this are no longer swept (24 h, how long BullMQ keeps completed jobs) */
  sweepWindowMs?: number;
  /** sent rows are deleted after this long (7 days) */
  retentionMs?: number;
}

export interface Relay {
  /** runs one pass now; resolves with how many rows it sent */
  runOnce(): Promise<number>;
  /**
   * Sends again every row of the sweep window (24 h) at once, then runs a pass: for when Redis lost its data
   * (`watchRedisMemory`). Consumers handle each event once (their processed ids), so a repeat has no effect.
   */
  resendRecent(): Promise<number>;
  stop(): Promise<void>;
}

function envelopeOf(row: OutboxMessage): Envelope {
  return {
    id: row.id,
    name: row.name,
    occurredAt: row.occurredAt.toISOString(),
    requestId: row.requestId ?? null,
    payload: row.payload,
  };
}

/**
 * Moves outbox rows to the consumers' queues (CONVENTIONS "Publishing"). Rows are locked with SKIP LOCKED so several
 * replicas can relay at once; a row is marked sent only after Redis took it, so while Redis is down rows wait.
 */
export function startRelay(options: RelayOptions): Relay {
  const { orm, publisher, log } = options;
  const intervalMs = options.intervalMs ?? 1000;
  const batchSize = options.batchSize ?? 100;
  const sweepAfterMs = options.sweepAfterMs ?? 15 * 60_000;
  const sweepWindowMs = options.sweepWindowMs ?? 24 * 3600_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  let failing = false;

  const send = async (): Promise<number> =>
    orm.em.fork().transactional(async (em) => {
      const rows = await em.find(
        OutboxMessageSchema,
        { enqueuedAt: null },
        { orderBy: { occurredAt: 'asc' }, limit: batchSize, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      for (const row of rows) {
        await publisher.publish(envelopeOf(row));
        row.enqueuedAt = new Date();
      }
      return rows.length;
    });

  const sweep = async (): Promise<void> => {
    const now = Date.now();
    await orm.em.fork().transactional(async (em) => {
      const stale = new Date(now - sweepAfterMs);
      const rows = await em.find(
        OutboxMessageSchema,
        {
          enqueuedAt: { $lt: stale },
          occurredAt: { $gt: new Date(now - sweepWindowMs) },
          $or: [{ sweptAt: null }, { sweptAt: { $lt: stale } }],
        },
        { orderBy: { occurredAt: 'asc' }, limit: batchSize, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      for (const row of rows) {
        await publisher.publish(envelopeOf(row));
        row.sweptAt = new Date();
      }
      await em.nativeDelete(OutboxMessageSchema, { enqueuedAt: { $lt: new Date(now - retentionMs) } });
    });
  };

  const pass = async (): Promise<number> => {
    try {
      let total = 0;
      for (let sent = await send(); sent > 0; sent = sent === batchSize ? await send() : 0) total += sent;
      await sweep();
      if (failing) log.info('outbox relay recovered');
      failing = false;
      return total;
    } catch (err) {
      if (!failing)
        log.warn({ err: (err as Error).message }, 'outbox relay failed; rows wait for the next pass');
      failing = true;
      return 0;
    }
  };

  const runOnce = (): Promise<number> => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  const loop = async () => {
    await runOnce();
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
  };
  timer = setTimeout(() => void loop(), 0);

  const resendRecent = async (): Promise<number> => {
    const marked = await orm.em
      .fork()
      .nativeUpdate(
        OutboxMessageSchema,
        { enqueuedAt: { $ne: null }, occurredAt: { $gt: new Date(Date.now() - sweepWindowMs) } },
        { enqueuedAt: null, sweptAt: null },
      );
    log.info({ events: marked }, 'outbox events of the last day marked to be sent again');
    await running;
    return runOnce();
  };

  return {
    runOnce,
    resendRecent,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
