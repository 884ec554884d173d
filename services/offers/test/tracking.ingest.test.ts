import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { envelopeSchema } from '@tullab/events';
import { type ActivityKind } from '@tullab/contracts';
import { HttpError } from '@tullab/http';
import { contextOf } from '../src/context';
import { ActivityIngest } from '../src/modules/tracking/ingest';
import { activeStudent, as, createOffer, startOffers, staff, type TestOffers } from './helpers';

let offers: TestOffers;
const api = () => request(offers.url);
/** the service's own ingest, which its routes use */
const ingest = () => contextOf(offers.service.deps).tracking;

beforeAll(async () => {
  offers = await startOffers();
});

afterAll(async () => {
  await offers?.close();
});

/** A call's event as `recordActivity` hands it to the ingest: an active student's, or else nobody's. */
const event = (kind: ActivityKind, offerId: string, userId: string | null) => ({
  kind,
  offerId,
  userId,
  active: userId !== null,
  visitor: null,
  occurredAt: new Date().toISOString(),
});

const statsOf = async (offerId: string) =>
  (await api().get(`/admin/offers/${offerId}/stats`).set(staff())).body as Array<Record<string, number>>;

/** What each promise came to: 'stored', or the status it was refused with. */
const outcomes = (calls: Array<Promise<void>>) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        () => 'stored',
        (err: Error) => (err instanceof HttpError ? err.status : err.message),
      ),
    ),
  );

describe('tracking calls stored in batches', () => {
  test('500 concurrent calls share inserts, and each is counted exactly once, even when a batch is delivered twice', async () => {
    const [copied, viewed] = [await createOffer(offers), await createOffer(offers)];
    const students = Array.from({ length: 250 }, () => randomUUID());
    const answers = await Promise.all(
      students.flatMap((student) => [
        api().post(`/offers/${copied.id}/copy`).set(activeStudent(student)).send({}),
        api()
          .post('/analytics')
          .set(as(null))
          .send({ eventType: 'offer_click', offerId: viewed.id, metadata: '{}' }),
      ]),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(500).fill(202));

    const stored = [...(await offers.tracked(copied.id)), ...(await offers.tracked(viewed.id))];
    expect(stored).toHaveLength(500);
    expect(new Set(stored.map((event) => event.id)).size).toBe(500);
    expect(new Set(stored.filter((e) => e.offerId === copied.id).map((e) => e.userId))).toEqual(
      new Set(students),
    );
    const batches = new Set(stored.map((event) => event.batchId));
    expect(batches.size).toBeLessThan(500);

    await offers.drained();
    expect(await statsOf(copied.id)).toEqual([
      expect.objectContaining({ codeCopiesStudents: 250, codeCopiesCalls: 250, viewsCalls: 0 }),
    ]);
    expect(await statsOf(viewed.id)).toEqual([
      expect.objectContaining({ viewsCalls: 250, codeCopiesCalls: 0 }),
    ]);
    expect(await offers.usesOf(copied.id)).toBe(250);

    // every batch again, under job ids BullMQ has not seen: the worker knows them and changes nothing
    const rows = await offers.sql<{ id: string; name: string; payload: unknown; occurred_at: Date }>(
      'select id, name, payload, occurred_at from outbox where id = any(?::uuid[])',
      [`{${[...batches].join(',')}}`],
    );
    const again = await Promise.all(
      rows.map((row) =>
        offers.deliver(
          envelopeSchema.parse({
            id: row.id,
            name: row.name,
            occurredAt: new Date(row.occurred_at).toISOString(),
            requestId: null,
            payload: row.payload,
          }),
        ),
      ),
    );
    expect(again.map((job) => job.returnvalue)).toEqual(rows.map(() => 'duplicate'));
    expect(await statsOf(copied.id)).toEqual([
      expect.objectContaining({ codeCopiesStudents: 250, codeCopiesCalls: 250 }),
    ]);
    expect(await statsOf(viewed.id)).toEqual([expect.objectContaining({ viewsCalls: 250 })]);
    expect(await offers.usesOf(copied.id)).toBe(250);
  }, 60_000);

  test('an unlisted offer in the middle of a batch → 404 for that call alone; the others are stored together', async () => {
    const [live, draft] = [await createOffer(offers), await createOffer(offers, { status: 'draft' })];
    const student = randomUUID();
    // calls made in one turn of the event loop go into one batch
    const results = await outcomes([
      ingest().record(event('code_copied', live.id, student)),
      ingest().record(event('code_copied', draft.id, student)),
      ingest().record(event('viewed', live.id, null)),
    ]);
    expect(results).toEqual(['stored', 404, 'stored']);
    const stored = await offers.tracked(live.id);
    expect(stored.map(({ kind, userId }) => ({ kind, userId }))).toEqual(
      expect.arrayContaining([
        { kind: 'code_copied', userId: student },
        { kind: 'viewed', userId: null },
      ]),
    );
    expect(new Set(stored.map((event) => event.batchId)).size).toBe(1);
    expect(await offers.tracked(draft.id)).toEqual([]);
  });

  test('a malformed event is refused alone (500), and the batch it came with is stored', async () => {
    const offer = await createOffer(offers);
    const results = await outcomes([
      ingest().record(event('viewed', offer.id, null)),
      ingest().record(event('viewed', offer.id, 'not-a-user-id')),
      ingest().record(event('viewed', offer.id, null)),
    ]);
    expect(results).toEqual(['stored', expect.stringMatching(/malformed tracking event/), 'stored']);
    expect(await offers.tracked(offer.id)).toHaveLength(2);
    const res = await api()
      .post(`/offers/${offer.id}/copy`)
      .set(as('student', { userId: 'not-a-user-id' }))
      .send({});
    expect(res.status).toBe(500);
    expect(await offers.tracked(offer.id)).toHaveLength(2);
  });

  test('when the insert fails, every call of the batch → 503 and nothing is stored', async () => {
    const [live, draft] = [await createOffer(offers), await createOffer(offers, { status: 'draft' })];
    await offers.sql(`create function refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device'; end $$`);
    await offers.sql(
      'create trigger refuse_insert before insert on outbox for each statement execute function refuse_insert()',
    );
    try {
      const results = await outcomes([
        ingest().record(event('code_copied', live.id, randomUUID())),
        ingest().record(event('code_copied', draft.id, randomUUID())),
        ingest().record(event('viewed', live.id, null)),
      ]);
      expect(results).toEqual([503, 503, 503]);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api().post(`/offers/${live.id}/copy`).set(activeStudent()).send({})),
      );
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          message: 'Tracking is unavailable right now. Please try again later.',
          code: 'unavailable',
        });
      }
      expect(await offers.tracked(live.id)).toEqual([]);
    } finally {
      await offers.sql('drop trigger refuse_insert on outbox');
    }
    await api().post(`/offers/${live.id}/copy`).set(activeStudent()).send({}).expect(202);
    expect(await offers.tracked(live.id)).toHaveLength(1);
  });

  test('a store starts at most every minIntervalMs; the calls meanwhile wait and share the next one', async () => {
    const offer = await createOffer(offers);
    const paced = new ActivityIngest(offers.service.deps.orm.em, offers.service.deps.log, {
      maxBatch: 500,
      maxWaiting: 5000,
      maxConcurrent: 2,
      minIntervalMs: 300,
    });
    const call = () => paced.record(event('viewed', offer.id, null));
    const started = Date.now();
    await call();
    await Promise.all([call(), call()]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const batches = new Map<string, number>();
    for (const event of await offers.tracked(offer.id))
      batches.set(event.batchId, (batches.get(event.batchId) ?? 0) + 1);
    expect([...batches.values()].sort()).toEqual([1, 2]);
  });

  test('a batch holds at most maxBatch calls; while the database is stuck, calls past maxWaiting → 503 at once', async () => {
    const offer = await createOffer(offers);
    const small = new ActivityIngest(offers.service.deps.orm.em, offers.service.deps.log, {
      maxBatch: 2,
      maxWaiting: 3,
      maxConcurrent: 1,
      minIntervalMs: 0,
    });
    const call = () => small.record(event('viewed', offer.id, null));
    // another session holds a lock that keeps every insert into the outbox waiting
    const blocker = new Client({ connectionString: offers.config.DATABASE_URL });
    await blocker.connect();
    let first: Promise<void>;
    const waiting: Array<Promise<void>> = [];
    try {
      await blocker.query(`set search_path to "${offers.config.DB_SCHEMA}"`);
      await blocker.query('begin');
      await blocker.query('lock table outbox in share mode');
      first = call();
      // the first call's insert has started (and waits); the next three wait for it
      await new Promise((resolve) => setImmediate(resolve));
      waiting.push(call(), call(), call());
      const started = Date.now();
      expect(await outcomes([call()])).toEqual([503]);
      expect(Date.now() - started).toBeLessThan(500);
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
    expect(await outcomes([first, ...waiting])).toEqual(['stored', 'stored', 'stored', 'stored']);
    const sizes = new Map<string, number>();
    for (const event of await offers.tracked(offer.id))
      sizes.set(event.batchId, (sizes.get(event.batchId) ?? 0) + 1);
    expect([...sizes.values()].sort()).toEqual([1, 1, 2]);
  });
});
