import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createLogger } from '@tullab/log';
import { signIdentity, type Role } from '@tullab/http';
import { runRetention } from '@tullab/retention';
import { SYSTEM_ACTOR } from '@tullab/audit-log';
import { startSmtpCatcher, type SmtpCatcher } from '@tullab/testing';
import { ContactMessageSchema, EmailSchema } from '../src';
import { recordEmail } from '../src/modules/emails/service';
import { contactMessageRetention, mailBodyRetention } from '../src/modules/retention/service';
import { INTERNAL_SECRET, startHarness, until, visitorHeaders, type Harness } from './helpers';

let catcher: SmtpCatcher;
let harness: Harness;
const log = createLogger('notifications', 'silent');
let ipCounter = 10;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  // the scheduled runs stay hourly here: each test runs the policies itself
  harness = await startHarness({ SMTP_URL: catcher.url });
});

afterAll(async () => {
  await harness?.close();
  await catcher?.close();
});

const sql = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  (await harness.em().getConnection().execute(query, params)) as T[];

const mails = mailBodyRetention(30);
const contacts = contactMessageRetention(180);

function headers(role: Role): Record<string, string> {
  return signIdentity(
    { userId: randomUUID(), role, verificationStatus: 'none', sessionId: randomUUID(), ip: '10.0.0.9' },
    INTERNAL_SECRET,
    'notifications',
  );
}

/** A mail delivered through the real SMTP server, then dated `daysAgo` days back. */
async function deliveredMail(daysAgo: number): Promise<string> {
  const to = `student-${randomUUID().slice(0, 8)}@mail.test`;
  const id = await harness.publish({
    to,
    template: 'verification-approved',
    data: { firstName: 'Layla', expiresOn: '21 November 2027' },
    replyTo: 'support@tullab.test',
  });
  await until(
    () => harness.em().findOne(EmailSchema, { id }),
    (row) => row?.status === 'sent',
  );
  await sql(
    `update email set sent_at = now() - make_interval(days => ?), created_at = now() - make_interval(days => ?)
      where id = ?`,
    [daysAgo, daysAgo, id],
  );
  return id;
}

/**
 * A mail not delivered (`pending`, due tomorrow; `failed`, retryable by staff; `expired`), made and last changed
 * `daysAgo` days ago.
 */
async function undeliveredMail(status: 'pending' | 'failed' | 'expired', daysAgo: number): Promise<string> {
  const em = harness.em();
  const created = new Date(Date.now() - daysAgo * 24 * 3600_000);
  const row = recordEmail(
    em,
    randomUUID(),
    {
      to: 'waiting@mail.test',
      template: 'verification-approved',
      data: { firstName: 'Omar', expiresOn: 'x' },
    },
    created,
  );
  row.nextAttemptAt = new Date(Date.now() + 24 * 3600_000);
  row.status = status;
  if (status === 'failed') row.lastError = '550 mailbox unavailable';
  await em.flush();
  return row.id;
}

async function contactMessage(daysAgo: number): Promise<string> {
  const email = `sender-${randomUUID().slice(0, 8)}@mail.test`;
  const res = await request(harness.service.url)
    .post('/contact')
    .set(visitorHeaders(`203.0.113.${ipCounter++}`))
    .send({ firstName: 'Sara', lastName: 'Ali', email, message: 'Please add my university to the list.' });
  expect(res.status).toBe(201);
  const row = await harness.em().findOneOrFail(ContactMessageSchema, { email });
  await sql(`update contact_message set created_at = now() - make_interval(days => ?) where id = ?`, [
    daysAgo,
    row.id,
  ]);
  return row.id;
}

interface EmailRow {
  recipient: string;
  template: string;
  status: string;
  data: Record<string, string>;
  reply_to: string | null;
  sent_at: string | null;
  created_at: string;
  attempts: number;
  body_erased_at: string | null;
}
const emailRow = async (id: string) => (await sql<EmailRow>('select * from email where id = ?', [id]))[0];

const auditRows = (id: string) =>
  sql<{ action: string; actor_id: string; actor_role: string; reason: string }>(
    'select action, actor_id, actor_role, reason from audit_log where resource_id = ?',
    [id],
  );

/** Whatever earlier tests left due is handled first, so each test counts its own. */
beforeEach(async () => {
  await runRetention(harness.em(), mails, { trigger: 'schedule', log });
  await runRetention(harness.em(), contacts, { trigger: 'schedule', log });
});

describe('mail body retention (MAIL_BODY_RETENTION_DAYS, 30 by default)', () => {
  test('a mail delivered 31 days ago loses its body and keeps recipient, template, status and dates; one delivered yesterday keeps it', async () => {
    const old = await deliveredMail(31);
    const recent = await deliveredMail(1);
    const before = await emailRow(old);

    const run = await runRetention(harness.em(), mails, { trigger: 'schedule', log });
    expect(run).toMatchObject({ policy: 'mail-bodies', removed: 1, complete: true });

    const erased = await emailRow(old);
    expect(erased).toMatchObject({
      recipient: before.recipient,
      template: 'verification-approved',
      status: 'sent',
      data: {},
      reply_to: null,
      sent_at: before.sent_at,
      created_at: before.created_at,
      attempts: 1,
    });
    expect(erased.body_erased_at).toEqual(expect.any(String));
    expect((await emailRow(recent)).data).toEqual({ firstName: 'Layla', expiresOn: '21 November 2027' });
    expect((await emailRow(recent)).body_erased_at).toBeNull();
    expect(await auditRows(old)).toEqual([
      {
        action: 'erase-mail-body',
        actor_id: SYSTEM_ACTOR.userId,
        actor_role: 'system',
        reason: 'Retention: 30 days after delivery or failure',
      },
    ]);
    expect(await auditRows(recent)).toEqual([]);
    // erased once: a later run finds nothing
    expect((await runRetention(harness.em(), mails, { trigger: 'schedule', log })).removed).toBe(0);
    expect(await auditRows(old)).toHaveLength(1);
  });

  test('mail still pending keeps its body however old (it is retried until delivered); the database refuses otherwise', async () => {
    const pending = await undeliveredMail('pending', 90);
    const run = await runRetention(harness.em(), mails, { trigger: 'schedule', log });
    expect(run.removed).toBe(0);
    const row = await emailRow(pending);
    expect(row.data).toEqual({ firstName: 'Omar', expiresOn: 'x' });
    expect(row.body_erased_at).toBeNull();
    await expect(sql('update email set body_erased_at = now() where id = ?', [pending])).rejects.toThrow(
      /email_body_erased_only_when_settled/,
    );
  });

  test('failed and expired mail lose their body 30 days after they failed or expired; a staff retry of one then gets 409 saying so', async () => {
    const failed = await undeliveredMail('failed', 31);
    const expired = await undeliveredMail('expired', 31);
    const recentlyFailed = await undeliveredMail('failed', 29);
    const run = await runRetention(harness.em(), mails, { trigger: 'schedule', log });
    expect(run.removed).toBe(2);
    for (const id of [failed, expired]) {
      const row = await emailRow(id);
      expect(row).toMatchObject({
        recipient: 'waiting@mail.test',
        template: 'verification-approved',
        data: {},
      });
      expect(row.body_erased_at).toEqual(expect.any(String));
      expect(await auditRows(id)).toEqual([expect.objectContaining({ action: 'erase-mail-body' })]);
    }
    expect((await emailRow(failed)).status).toBe('failed');
    expect((await emailRow(recentlyFailed)).data).toEqual({ firstName: 'Omar', expiresOn: 'x' });

    const retried = await request(harness.service.url)
      .post(`/admin/emails/${failed}/retry`)
      .set(headers('staff'))
      .send({});
    expect(retried.status).toBe(409);
    expect(retried.body.message).toMatch(
      /^This e-mail's content was erased on \d{4}-\d{2}-\d{2}, so it cannot be sent again$/,
    );
    expect((await emailRow(failed)).status).toBe('failed');
    // the one that failed recently can still be sent again
    const kept = await request(harness.service.url)
      .post(`/admin/emails/${recentlyFailed}/retry`)
      .set(headers('staff'))
      .send({});
    expect(kept.status).toBe(200);
  });

  test('bounded batches: a capped run leaves the rest to the next one', async () => {
    const ids = [await deliveredMail(40), await deliveredMail(40), await deliveredMail(40)];
    const first = await runRetention(harness.em(), mails, {
      trigger: 'schedule',
      log,
      batchSize: 2,
      maxBatches: 1,
    });
    expect(first).toMatchObject({ removed: 2, complete: false });
    const second = await runRetention(harness.em(), mails, { trigger: 'schedule', log, batchSize: 2 });
    expect(second).toMatchObject({ removed: 1, complete: true });
    for (const id of ids) {
      expect((await emailRow(id)).data).toEqual({});
      expect(await auditRows(id)).toHaveLength(1);
    }
  });
});

describe('contact message retention (CONTACT_MESSAGE_RETENTION_DAYS, 180 by default)', () => {
  test('a message received 181 days ago is deleted, handled or not; one of 179 days stays', async () => {
    const old = await contactMessage(181);
    const oldHandled = await contactMessage(200);
    const handled = await request(harness.service.url)
      .post(`/admin/contact-messages/${oldHandled}/handle`)
      .set(headers('staff'));
    expect(handled.body.status).toBe('handled');
    const recent = await contactMessage(179);
    const run = await runRetention(harness.em(), contacts, { trigger: 'schedule', log });
    expect(run).toMatchObject({ policy: 'contact-messages', removed: 2, complete: true });
    expect(await harness.em().findOne(ContactMessageSchema, { id: old })).toBeNull();
    expect(await harness.em().findOne(ContactMessageSchema, { id: oldHandled })).toBeNull();
    expect(await harness.em().findOne(ContactMessageSchema, { id: recent })).not.toBeNull();
    expect(await auditRows(old)).toEqual([
      {
        action: 'delete-contact-message',
        actor_id: SYSTEM_ACTOR.userId,
        actor_role: 'system',
        reason: 'Retention: 180 days after it was received',
      },
    ]);
  });
});

describe('/admin/retention/mail-bodies and /admin/retention/contact-messages', () => {
  test('staff see each policy with its period and last run, and run it now', async () => {
    const staff = headers('staff');
    const api = () => request(harness.service.url);
    const listed = await api().get('/admin/retention/mail-bodies').set(staff);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      id: 'mail-bodies',
      title: 'Sent e-mail bodies',
      days: 30,
      since: 'after delivery or failure',
      lastRun: { trigger: 'schedule' },
    });
    const contactPolicy = await api().get('/admin/retention/contact-messages').set(staff);
    expect(contactPolicy.body).toMatchObject({ id: 'contact-messages', days: 180 });

    const old = await deliveredMail(31);
    const ran = await api().post('/admin/retention/mail-bodies/run').set(staff).send({});
    expect(ran.status).toBe(200);
    expect(ran.body.lastRun).toMatchObject({ trigger: 'staff', removed: 1, complete: true });
    expect((await emailRow(old)).data).toEqual({});
    const ranContacts = await api().post('/admin/retention/contact-messages/run').set(staff).send({});
    expect(ranContacts.body.lastRun).toMatchObject({ trigger: 'staff', removed: 0 });
  });

  test('students and visitors cannot', async () => {
    const api = () => request(harness.service.url);
    expect((await api().get('/admin/retention/mail-bodies').set(headers('student'))).status).toBe(403);
    expect((await api().post('/admin/retention/contact-messages/run').set(headers('student'))).status).toBe(
      403,
    );
    expect((await api().get('/admin/retention/contact-messages').set(visitorHeaders())).status).toBe(401);
  });
});
