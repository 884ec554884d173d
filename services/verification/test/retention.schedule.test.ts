import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ObjectStore } from '@tullab/storage';
import { s3EnvOf } from '@tullab/testing';
import { files } from './files';
import { startVerification, testUser } from './helpers';

let verification: Awaited<ReturnType<typeof startVerification>>;
const api = () => request(verification.url);
const staff = testUser('staff');
let bucket: ObjectStore;

beforeAll(async () => {
  // the policies run as BullMQ job schedulers every 300 ms here (hourly by default); documents go at once
  verification = await startVerification({
    RETENTION_SWEEP_INTERVAL_MS: '300',
    DOCUMENT_RETENTION_DAYS: '0',
  });
  bucket = new ObjectStore(s3EnvOf(verification.s3), verification.config.DOCUMENT_BUCKET);
});

afterAll(async () => {
  await verification?.close();
});

async function upload() {
  const student = testUser();
  const res = await api()
    .post('/students/verify-document')
    .set(student.headers())
    .field('documentType', 'passport')
    .field('institution', 'Khalifa University')
    .attach('document', files.pdf, 'passport.pdf');
  expect(res.status).toBe(201);
  const id = res.body.verification.id as string;
  const [row] = await verification.sql<{ document_key: string }>(
    'select document_key from verification_request where id = ?',
    [id],
  );
  return { id, key: row.document_key };
}

const keys = async () => (await bucket.list('docs/')).map((object) => object.key);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('document retention, scheduled', () => {
  test('the scheduled run deletes a decided document (DOCUMENT_RETENTION_DAYS=0) and leaves one waiting for review', async () => {
    const decided = await upload();
    const waiting = await upload();
    await api().post(`/admin/verifications/${decided.id}/approve`).set(staff.headers()).send({});

    const left = await eventually(keys, (k) => !k.includes(decided.key));
    expect(left).not.toContain(decided.key);
    expect(left).toContain(waiting.key);
    // the run is recorded when it ends, just after the file went
    const runs = await eventually(
      () =>
        verification.sql<{ trigger: string; removed: number }>(
          `select trigger, removed from retention_run where policy = 'documents' and removed > 0`,
        ),
      (rows) => rows.length > 0,
    );
    expect(runs).toEqual([{ trigger: 'schedule', removed: 1 }]);
    // later ticks find nothing more to do
    await new Promise((resolve) => setTimeout(resolve, 700));
    const audits = await verification.sql(
      `select 1 from audit_log where action = 'delete-document-file' and resource_id = ?`,
      [decided.id],
    );
    expect(audits).toHaveLength(1);
    expect(await keys()).toContain(waiting.key);
  });

  test('the orphaned-files policy runs on the same schedule, and leaves a file younger than ORPHAN_FILE_MINUTES', async () => {
    const key = `docs/${randomUUID()}`;
    await bucket.put(key, files.pdf, 'application/pdf');
    const since = new Date();
    const runs = await eventually(
      () =>
        verification.sql<{ trigger: string; removed: number }>(
          `select trigger, removed from retention_run where policy = 'orphaned-files' and started_at > ?`,
          [since],
        ),
      (rows) => rows.length >= 2,
    );
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) expect(run).toEqual({ trigger: 'schedule', removed: 0 });
    expect(await keys()).toContain(key);
  });
});
