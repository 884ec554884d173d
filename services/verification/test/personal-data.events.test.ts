import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { createEnvelope, jobDefaults, type Envelope } from '@tullab/events';
import { type AccountDeletedPayload } from '@tullab/contracts';
import { signIdentity } from '@tullab/http';
import { ObjectStore } from '@tullab/storage';
import { files } from './files';
import {
  INTERNAL_SECRET,
  SUPPORT_EMAIL,
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

/**
 * A student who typed a stranger's address (an unrecognised domain: kept for manual review, staff alerted) and the
 * support inbox's, then proved a university address with its code (T23).
 */
async function withTypedAndProvedEmails(user: TestUser) {
  const tag = user.userId.slice(0, 8);
  const send = (email: string) =>
    api()
      .post('/students/verify')
      .set(user.headers())
      .send({ email, personalEmail: user.email, institution: email.split('@')[1], studentId: null });
  const strangers = `stranger-${tag}@own-domain-${tag}.example`;
  expect((await send(strangers)).status).toBe(202);
  expect((await send(SUPPORT_EMAIL)).status).toBe(202);
  const proved = `p${tag}@cud.ac.ae`;
  expect((await send(proved)).status).toBe(200);
  const [{ code }] = await verification.mails(proved);
  const verified = await api()
    .post('/students/verify-otp')
    .set(user.headers())
    .send({ email: proved, personalEmail: user.email, otp: code });
  expect(verified.status).toBe(200);
  return { strangers, proved, domain: `own-domain-${tag}.example` };
}

/** The `email.requested` and `verification.student_emails_erased` payloads verification stored about `userId`. */
const outboxAbout = (userId: string) =>
  verification.sql<{ name: string; payload: Record<string, unknown> }>(
    `select name, payload from outbox where payload->>'userId' = ? or payload->>'aboutUserId' = ?
      order by occurred_at, id`,
    [userId, userId],
  );

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

  test('names to notifications only the student e-mails the person proved with a code (T23), never one typed nor the support inbox, even "proved"; a typed domain no institution owns goes with the rest', async () => {
    const user = testUser();
    const { proved, domain } = await withTypedAndProvedEmails(user);
    // as if someone had entered a code sent to the support inbox: the platform's address never counts
    await verification.sql(
      `insert into verification_code (id, user_id, code_hash, attempts, created_at, expires_at, used_at, revoked_at,
         request_id, student_email)
       select ?, user_id, code_hash, 0, now(), now(), now(), null, request_id, ? from verification_code
        where user_id = ? limit 1`,
      [randomUUID(), SUPPORT_EMAIL, user.userId],
    );
    expect(await deliver(deleted(user))).toBe('done');
    const erased = (await outboxAbout(user.userId)).filter(
      (row) => row.name === 'verification.student_emails_erased',
    );
    expect(erased.map((row) => row.payload)).toEqual([
      { userId: user.userId, provedEmails: [proved], actor: { userId: user.userId, role: 'student' } },
    ]);
    const domains = await verification.sql<{ email_domain: string | null; domain_recognised: boolean }>(
      'select email_domain, domain_recognised from verification_request where user_id = ? order by created_at',
      [user.userId],
    );
    expect(domains).toEqual([
      { email_domain: null, domain_recognised: false },
      { email_domain: null, domain_recognised: false },
      { email_domain: 'cud.ac.ae', domain_recognised: true },
    ]);
    expect(
      JSON.stringify(
        await verification.sql('select * from verification_request where user_id = ?', [user.userId]),
      ),
    ).not.toContain(domain);
  });

  test('a person who proved no student e-mail: nothing is named', async () => {
    const user = testUser();
    await withDocumentAndCode(user);
    expect(await deliver(deleted(user))).toBe('done');
    expect(
      (await outboxAbout(user.userId)).filter((row) => row.name === 'verification.student_emails_erased'),
    ).toEqual([]);
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
    // a code was sent, never entered: nothing proved (T23)
    expect(res.body.emails).toEqual([]);
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

  test('names only the student e-mails proved with a code (T23): not one typed for manual review, not the support inbox; the mail and staff alerts about them name the account', async () => {
    const user = testUser();
    const { strangers, proved } = await withTypedAndProvedEmails(user);
    const res = await exportAs(user.headers(), user.userId);
    expect(res.status).toBe(200);
    expect(res.body.emails).toEqual([proved]);
    // the requests still show what they typed: it is their own record
    expect(res.body.data.requests.map((request: { studentEmail: string }) => request.studentEmail)).toEqual([
      strangers,
      SUPPORT_EMAIL,
      proved,
    ]);
    const stored = await outboxAbout(user.userId);
    expect(stored.filter((row) => row.payload.template === 'staff-alert').map((row) => row.payload)).toEqual([
      expect.objectContaining({ to: SUPPORT_EMAIL, aboutUserId: user.userId }),
      expect.objectContaining({ to: SUPPORT_EMAIL, aboutUserId: user.userId }),
    ]);
    expect(stored.filter((row) => row.payload.template === 'student-email-code')).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ to: proved, userId: user.userId }) }),
    ]);
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
