import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { createEnvelope, jobDefaults, type Envelope } from '@tullab/events';
import type { AccountDeletedPayload } from '@tullab/contracts';
import { ObjectStore } from '@tullab/storage';
import { startedForTests } from '@tullab/testing';
import { SUPPORT_EMAIL, startVerification, testUser, type TestUser } from './helpers';
import { personalDataTests } from './personal-data.fixture';

const verification = startedForTests(startVerification);
const { withDocumentAndCode, withTypedAndProvedEmails, outboxAbout } = personalDataTests(verification);
let connection: Redis;
let eventsConnection: Redis;
let queue: Queue;
let events: QueueEvents;
let store: ObjectStore;

// a queue and its events of the test's own, to put events on verification's queue and hear their outcome
beforeAll(async () => {
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
});

/** Puts the event on verification's queue under its own job id and waits for the worker's outcome. */
async function deliver(envelope: Envelope, jobId = `t-${randomUUID()}`): Promise<unknown> {
  const job = await queue.add(envelope.name, envelope, { ...jobDefaults, jobId });
  return job.waitUntilFinished(events, 15_000);
}

type Actor = AccountDeletedPayload['actor'];

const deleted = (user: TestUser, actor: Actor = { userId: user.userId, role: 'student' }) =>
  createEnvelope('account.deleted', {
    userId: user.userId,
    emails: [user.email],
    deletedAt: new Date().toISOString(),
    actor,
  });

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
