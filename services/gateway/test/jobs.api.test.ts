import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { getRedisUrl, uniqueName } from '@tullab/testing';
import { ORIGIN, startFakeIdentity, startGateway, type FakeIdentity } from './helpers';

let identity: FakeIdentity;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let redis: Redis;
const prefix = uniqueName('q');

const sessionFor = (role: 'student' | 'staff' | 'admin') => {
  const token = randomUUID();
  identity.sessions.set(token, {
    userId: randomUUID(),
    role,
    verificationStatus: 'none',
    sessionId: randomUUID(),
  });
  return `sid=${token}`;
};

/** Two jobs that end in the notifications failed set, as a mail that could not be sent would. */
async function failTwoJobs(): Promise<string[]> {
  const queue = new Queue('notifications', { connection: redis, prefix });
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids)
    await queue.add('email.requested', { id, requestId: `req-${id}` }, { jobId: id, attempts: 1 });
  let failed = 0;
  const workerConnection = redis.duplicate();
  const worker = new Worker(
    'notifications',
    async () => {
      throw new UnrecoverableError('SMTP said 550 mailbox unavailable');
    },
    { connection: workerConnection, prefix },
  );
  await new Promise<void>((resolve) =>
    worker.on('failed', () => {
      failed += 1;
      if (failed === ids.length) resolve();
    }),
  );
  await worker.close();
  workerConnection.disconnect();
  await queue.close();
  return ids;
}

beforeAll(async () => {
  redis = new Redis(await getRedisUrl(), { maxRetriesPerRequest: null });
  identity = await startFakeIdentity();
  gateway = await startGateway({ identity }, { QUEUE_PREFIX: prefix });
});

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  redis?.disconnect();
});

describe('/api/admin/jobs', () => {
  test('a visitor → 401, a student → 403', async () => {
    expect((await request(gateway.url).get('/api/admin/jobs')).status).toBe(401);
    expect(
      (await request(gateway.url).get('/api/admin/jobs').set('Cookie', sessionFor('student'))).status,
    ).toBe(403);
  });

  test('staff see the failed jobs of every queue, the counts, and retry one', async () => {
    const ids = await failTwoJobs();
    const staff = sessionFor('staff');
    const list = await request(gateway.url)
      .get('/api/admin/jobs')
      .query({ filter: JSON.stringify({ queue: 'notifications' }), range: '[0,9]' })
      .set('Cookie', staff);
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('jobs 0-1/2');
    expect(list.body.map((job: { jobId: string }) => job.jobId).sort()).toEqual([...ids].sort());
    expect(list.body[0]).toMatchObject({
      queue: 'notifications',
      name: 'email.requested',
      failedReason: 'SMTP said 550 mailbox unavailable',
      attemptsMade: 1,
    });

    const summary = await request(gateway.url).get('/api/admin/jobs/summary').set('Cookie', staff);
    expect(summary.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ queue: 'notifications', failed: 2 })]),
    );

    const id = `notifications:${ids[0]}`;
    const retried = await request(gateway.url)
      .post(`/api/admin/jobs/${encodeURIComponent(id)}/retry`)
      .set({ Cookie: staff, Origin: ORIGIN });
    expect(retried.status).toBe(200);
    const queue = new Queue('notifications', { connection: redis, prefix });
    expect(await queue.getJobState(ids[0])).toBe('waiting');
    expect(await queue.getFailedCount()).toBe(1);
    await queue.close();
    const again = await request(gateway.url)
      .post(`/api/admin/jobs/${encodeURIComponent(id)}/retry`)
      .set({ Cookie: staff, Origin: ORIGIN });
    expect(again.status).toBe(409);
    const unknown = await request(gateway.url)
      .post('/api/admin/jobs/nowhere%3Ax/retry')
      .set({ Cookie: staff, Origin: ORIGIN });
    expect(unknown.status).toBe(404);
  });
});
