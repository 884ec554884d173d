import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createEnvelope, jobDefaults, type AccountDeletedPayload, type Envelope } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import { ObjectStore } from '@tullab/storage';
import { files } from './files';
import {
  INTERNAL_SECRET,
  startVerification,
  testUser,
  type TestUser,
  type TestVerification,
} from './helpers';

let verification: TestVerification;
let connection: Redis;
let eventsConnection: Redis;
let queue: Queue;
let events: QueueEvents;
let store: ObjectStore;

beforeAll(async () => {
  verification = await startVerification();
  const { REDIS_URL, QUEUE_PREFIX } = verification.config;
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue('verification', { connection, prefix: QUEUE_PREFIX });
  eventsConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  events = new QueueEvents('verification', { connection: eventsConnection, prefix: QUEUE_PREFIX });
  await events.waitUntilReady();
  store = new ObjectStore(verification.config, verification.config.DOCUMENT_BUCKET);
});

afterAll(async () => {
  await events?.close();
  await queue?.close();
  connection?.disconnect();
  eventsConnection?.disconnect();
  await verification?.close();
});

/** Puts the event on verification's queue under its own job id and waits for the worker's outcome. */
async function deliver(envelope: Envelope, jobId = `t-${randomUUID()}`): Promise<unknown> {
  const job = await queue.add(envelope.name, envelope, { ...jobDefaults, jobId });
  return job.waitUntilFinished(events, 15_000);
}

const api = () => request(verification.url);

async function withDocumentAndCode(user: TestUser) {
  const studentEmail = `s${user.userId.slice(0, 8)}@cud.ac.ae`;
  const coded = await api()
    .post('/students/verify')
    .set(user.headers())
    .send({ email: studentEmail, personalEmail: user.email, institution: 'cud.ac.ae', studentId: null });
  expect(coded.status).toBe(200);
  const uploaded = await api()
    .post('/students/verify-document')
    .set(user.headers())
    .field('documentType', 'student_id')
    .field('institution', 'University of Sharjah')
    .attach('document', files.pdf, { filename: 'my id.pdf', contentType: 'application/pdf' });
  expect(uploaded.status).toBe(201);
  const [{ document_key: key }] = await verification.sql<{ document_key: string }>(
    "select document_key from verification_request where user_id = ? and method = 'document'",
    [user.userId],
  );
  return { key, studentEmail };
}

type Actor = AccountDeletedPayload['actor'];

const deleted = (user: TestUser, actor: Actor = { userId: user.userId, role: 'student' }) =>
  createEnvelope('account.deleted', {
    userId: user.userId,
    emails: [user.email],
    deletedAt: new Date().toISOString(),
    actor,
  });

const exportAs = (headers: Record<string, string>, userId: string) =>
  api().post('/internal/personal-data').set(headers).send({ userId });

const signedAs = (role: 'student' | 'admin', userId = randomUUID()) =>
  signIdentity(
    { userId, role, verificationStatus: 'none', sessionId: randomUUID(), ip: '10.0.0.1' },
    INTERNAL_SECRET,
    'verification',
  );

describe('account.deleted (decision 009)', () => {
  test('the document object leaves the bucket; requests keep only their statistics; codes and status go; audited', async () => {
    const user = testUser();
    const { key, studentEmail } = await withDocumentAndCode(user);
    expect(await store.get(key)).not.toBeNull();

    expect(await deliver(deleted(user))).toBe('done');
    expect(await store.get(key)).toBeNull();
    const requests = await verification.sql<Record<string, unknown>>(
      `select method, status, student_email, document_key, document_name, document_type, personal_email, first_name,
              institution_name, document_deleted_at is not null as file_gone
         from verification_request where user_id = ? order by method`,
      [user.userId],
    );
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'document',
        status: 'cancelled',
        document_key: null,
        file_gone: true,
      }),
      expect.objectContaining({ method: 'email', status: 'cancelled', student_email: null }),
    ]);
    for (const row of requests) {
      expect(row).toMatchObject({ document_name: null, personal_email: '', first_name: '' });
      expect(JSON.stringify(row)).not.toContain(user.email);
    }
    expect(requests[0]).toMatchObject({
      document_type: 'student_id',
      institution_name: 'University of Sharjah',
    });
    expect(
      await verification.sql('select id from verification_code where user_id = ?', [user.userId]),
    ).toEqual([]);
    expect(await verification.sql('select * from student_status where user_id = ?', [user.userId])).toEqual(
      [],
    );
    expect(
      await verification.sql(
        'select student_email from student_status where student_email = ? union all select student_email from verification_request where student_email = ?',
        [studentEmail, studentEmail],
      ),
    ).toEqual([]);
    expect(
      await verification.sql<Record<string, unknown>>(
        `select action, actor_id, actor_role, subject_id, changes from audit_log where action = 'erase-personal-data' and subject_id = ?`,
        [user.userId],
      ),
    ).toEqual([
      {
        action: 'erase-personal-data',
        actor_id: user.userId,
        actor_role: 'student',
        subject_id: user.userId,
        changes: {
          storedDocuments: { from: 1, to: 0 },
          emailCodes: { from: 1, to: 0 },
          studentStatus: { from: 1, to: 0 },
        },
      },
    ]);
  });

  test('delivered twice, it erases once and audits once; a second event for the same person finds nothing left', async () => {
    const user = testUser();
    await withDocumentAndCode(user);
    const envelope = deleted(user, { userId: randomUUID(), role: 'admin' });
    expect(await deliver(envelope)).toBe('done');
    expect(await deliver(envelope)).toBe('duplicate');
    expect(await deliver(deleted(user))).toBe('done');
    const audits = await verification.sql<{ actor_role: string; changes: Record<string, { from: number }> }>(
      `select actor_role, changes from audit_log where action = 'erase-personal-data' and subject_id = ? order by created_at`,
      [user.userId],
    );
    expect(audits.map((row) => [row.actor_role, row.changes.storedDocuments.from])).toEqual([
      ['admin', 1],
      ['student', 0],
    ]);
  });
});

describe('POST /internal/personal-data (verification’s part of the export)', () => {
  test('the status, each request with its institution and document metadata, the codes sent; never a key or code', async () => {
    const user = testUser();
    const { key, studentEmail } = await withDocumentAndCode(user);
    const res = await exportAs(user.headers(), user.userId);
    expect(res.status).toBe(200);
    expect(res.body.emails.sort()).toEqual([studentEmail, user.email].sort());
    expect(res.body.data.status).toMatchObject({ status: 'pending', studentEmail });
    expect(res.body.data.requests).toEqual([
      expect.objectContaining({ method: 'email', status: 'awaiting_code', studentEmail }),
      expect.objectContaining({
        method: 'document',
        status: 'pending',
        institution: 'University of Sharjah',
        language: 'en',
        document: {
          type: 'student_id',
          fileName: 'my id.pdf',
          kind: 'pdf',
          size: files.pdf.length,
          stored: true,
        },
      }),
    ]);
    expect(res.body.data.emailCodes).toEqual([expect.objectContaining({ studentEmail, usedAt: null })]);
    expect(res.text).not.toContain(key);
    expect(res.text).not.toMatch(/hash/i);
  });

  test('another student → 403; an admin may; staff → 403; a visitor → 401', async () => {
    const user = testUser();
    expect((await exportAs(testUser().headers(), user.userId)).status).toBe(403);
    expect((await exportAs(signedAs('admin'), user.userId)).status).toBe(200);
    expect((await exportAs(testUser('staff').headers(), user.userId)).status).toBe(403);
    const visitor = signIdentity(
      { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: '10.0.0.1' },
      INTERNAL_SECRET,
      'verification',
    );
    expect((await exportAs(visitor, user.userId)).status).toBe(401);
  });
});
