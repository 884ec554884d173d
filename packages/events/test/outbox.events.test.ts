import type { MikroORM } from '@mikro-orm/core';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { initOrm } from '@tullab/db';
import { createLogger } from '@tullab/log';
import { deleteRedisKeys, dropSchema, getPostgresUrl, getRedisUrl, uniqueName } from '@tullab/testing';
import {
  OutboxMessageSchema,
  Publisher,
  addToOutbox,
  createEnvelope,
  createRedis,
  eventEntities,
  eventsMigration,
  seal,
  startConsumer,
  startRelay,
  startSchedules,
  unseal,
  watchRedisMemory,
} from '../src';

const log = createLogger('events-test', 'silent');
const schema = uniqueName('events');
const prefix = uniqueName('q');
let orm: MikroORM;
let pgUrl: string;
let redis: Redis;
let publisher: Publisher;
const closers: Array<() => Promise<unknown>> = [];

const email = (to: string) => ({
  to,
  template: 'contact-message' as const,
  data: { firstName: 'Sara', lastName: 'Ali', email: 'sara@example.com', message: 'hello' },
});

beforeAll(async () => {
  pgUrl = await getPostgresUrl();
  orm = await initOrm({ url: pgUrl, schema, entities: eventEntities, migrations: [eventsMigration], log });
  redis = createRedis(await getRedisUrl(), 'producer', log);
  publisher = new Publisher(redis, prefix, log);
});

afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

afterAll(async () => {
  await publisher.close();
  redis.disconnect();
  await orm.close();
  await dropSchema(pgUrl, schema);
});

async function consume(handled: string[]): Promise<Worker> {
  const connection = createRedis(await getRedisUrl(), 'worker', log);
  const worker = startConsumer(
    'notifications',
    {
      'email.requested': async (payload, { em }) => {
        await em.getConnection().execute('select 1', [], 'all', em.getTransactionContext());
        handled.push(payload.to);
      },
    },
    { orm, connection, prefix, log },
  );
  closers.push(async () => {
    await worker.close();
    connection.disconnect();
  });
  return worker;
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('outbox → relay → consumer', () => {
  test('an event flushed with its change reaches the consumer once, and the row is marked sent', async () => {
    const em = orm.em.fork();
    const id = addToOutbox(em, 'email.requested', email('once@example.com'), 'req-1');
    await em.flush();
    const relay = startRelay({ orm, publisher, log, intervalMs: 50 });
    closers.push(() => relay.stop());
    const handled: string[] = [];
    await consume(handled);
    await until(() => handled.includes('once@example.com'));
    const row = await orm.em.fork().findOneOrFail(OutboxMessageSchema, id);
    expect(row.enqueuedAt).toBeInstanceOf(Date);
    expect(handled.filter((to) => to === 'once@example.com')).toHaveLength(1);
  });

  test('an event that is not flushed (rolled back) is never published', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        addToOutbox(em, 'email.requested', email('phantom@example.com'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await orm.em.fork().count(OutboxMessageSchema, { payload: { to: 'phantom@example.com' } })).toBe(
      0,
    );
  });

  test('a wrong payload fails at the producer', () => {
    const em = orm.em.fork();
    expect(() => addToOutbox(em, 'email.requested', email('not-an-email'))).toThrow();
  });

  test('while Redis is unreachable rows wait in the outbox, and go out once it answers', async () => {
    const deadRedis = createRedis('redis://127.0.0.1:1', 'producer', log);
    const deadPublisher = new Publisher(deadRedis, prefix, log);
    const em = orm.em.fork();
    const id = addToOutbox(em, 'email.requested', email('waits@example.com'));
    await em.flush();
    const blocked = startRelay({ orm, publisher: deadPublisher, log, intervalMs: 50 });
    await blocked.runOnce();
    await blocked.stop();
    await deadPublisher.close();
    deadRedis.disconnect();
    expect((await orm.em.fork().findOneOrFail(OutboxMessageSchema, id)).enqueuedAt).toBeNull();

    const handled: string[] = [];
    await consume(handled);
    const relay = startRelay({ orm, publisher, log, intervalMs: 50 });
    closers.push(() => relay.stop());
    await until(() => handled.includes('waits@example.com'));
  });

  test('the same event delivered twice (even after BullMQ forgot the first job) has one effect', async () => {
    const handled: string[] = [];
    await consume(handled);
    const envelope = createEnvelope('email.requested', email('twice@example.com'));
    await publisher.publish(envelope);
    await until(() => handled.includes('twice@example.com'));
    const queue = publisher.queue('notifications');
    await (await queue.getJob(envelope.id))?.remove();
    await publisher.publish(envelope);
    await until(async () => (await queue.getJob(envelope.id))?.finishedOn !== undefined);
    expect(await (await queue.getJob(envelope.id))?.returnvalue).toBe('duplicate');
    expect(handled.filter((to) => to === 'twice@example.com')).toHaveLength(1);
  });

  test('when Redis loses its data, the last day of events are sent again at once, each handled once', async () => {
    const handled: string[] = [];
    const relay = startRelay({ orm, publisher, log, intervalMs: 50 });
    closers.push(() => relay.stop());
    const onLost = jest.fn(() => relay.resendRecent().then(() => undefined));
    const memory = watchRedisMemory({ redis, prefix, log, intervalMs: 60_000, onLost });
    closers.push(() => memory.stop());
    await until(async () => (await redis.get(`${prefix}:memory`)) !== null);
    await memory.checkNow();
    onLost.mockClear();

    // one event handled before the loss, one still queued (no consumer yet) when Redis forgets everything
    const worker = await consume(handled);
    const em = orm.em.fork();
    const before = addToOutbox(em, 'email.requested', email('before-loss@example.com'));
    await em.flush();
    await until(() => handled.includes('before-loss@example.com'));
    await worker.close();
    const queued = addToOutbox(em, 'email.requested', email('queued-at-loss@example.com'));
    await em.flush();
    const queue = publisher.queue('notifications');
    await until(async () => (await queue.getJob(queued)) !== undefined);
    await deleteRedisKeys(await getRedisUrl(), prefix);
    expect(await queue.getJob(queued)).toBeUndefined();

    expect(await memory.checkNow()).toBe(true);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(await memory.checkNow()).toBe(false);
    await consume(handled);
    await until(() => handled.includes('queued-at-loss@example.com'));
    await until(async () => (await queue.getJob(before))?.finishedOn !== undefined);
    expect(await (await queue.getJob(before))?.returnvalue).toBe('duplicate');
    expect(handled.filter((to) => to === 'before-loss@example.com')).toHaveLength(1);
    expect(handled.filter((to) => to === 'queued-at-loss@example.com')).toHaveLength(1);
  });

  test('a payload that fails its schema is failed at once, without retries', async () => {
    await consume([]);
    const queue = publisher.queue('notifications');
    const bad = { ...createEnvelope('email.requested', email('x@example.com')), payload: { to: 'broken' } };
    const job = await queue.add('email.requested', bad, { attempts: 5, jobId: bad.id });
    await until(async () => (await queue.getJob(job.id!))?.failedReason !== undefined);
    const failed = await queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toMatch(/invalid email.requested payload/);
  });
});

describe('request ids (ARCHITECTURE "Request ids")', () => {
  test("an event's request id reaches its handler, in the envelope and in every line of the job's log", async () => {
    const seen: Array<{ envelope: string | null; log: unknown }> = [];
    const connection = createRedis(await getRedisUrl(), 'worker', log);
    const worker = startConsumer(
      'notifications',
      {
        'email.requested': async (_payload, context) => {
          seen.push({ envelope: context.envelope.requestId, log: context.log.bindings().requestId });
        },
      },
      { orm, connection, prefix, log },
    );
    closers.push(async () => {
      await worker.close();
      connection.disconnect();
    });
    const em = orm.em.fork();
    addToOutbox(em, 'email.requested', email('traced@example.com'), 'req-traced');
    await em.flush();
    const relay = startRelay({ orm, publisher, log, intervalMs: 50 });
    closers.push(() => relay.stop());
    await until(() => seen.length > 0);
    expect(seen).toEqual([{ envelope: 'req-traced', log: 'req-traced' }]);
  });

  test('each run of a scheduled task has a request id of its own, given to the task and in its log', async () => {
    const runs: Array<{ given: string | undefined; log: unknown }> = [];
    const connection = createRedis(await getRedisUrl(), 'worker', log);
    const schedules = await startSchedules(
      'notifications',
      [
        {
          name: 'traced-task',
          everyMs: 100,
          run: async (taskLog, requestId) => {
            runs.push({ given: requestId, log: taskLog.bindings().requestId });
          },
        },
      ],
      { connection, prefix, log },
    );
    closers.push(async () => {
      await schedules.close();
      connection.disconnect();
    });
    await until(() => runs.length >= 2);
    const [first, second] = runs;
    expect(first.given).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.log).toBe(first.given);
    expect(second.log).toBe(second.given);
    expect(second.given).not.toBe(first.given);
  });
});

test('sealed values round-trip and are opaque', () => {
  const secret = 'k'.repeat(32);
  const sealed = seal(secret, { code: '123456' });
  expect(sealed).not.toContain('123456');
  expect(unseal(secret, sealed)).toEqual({ code: '123456' });
  expect(() => unseal('z'.repeat(32), sealed)).toThrow();
});
