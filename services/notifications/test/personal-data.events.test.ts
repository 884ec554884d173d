import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import { createEnvelope } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import { startSmtpCatcher, type SmtpCatcher } from '@tullab/testing';
import { INTERNAL_SECRET, SUPPORT_EMAIL, startHarness, until, visitorHeaders, type Harness } from './helpers';

let catcher: SmtpCatcher;
let harness: Harness;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  harness = await startHarness({ SMTP_URL: catcher.url, LOG_LEVEL: 'info' });
});

afterAll(async () => {
  await harness?.close();
  await catcher?.close();
});

afterEach(() => catcher.refuse(null));

const sql = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  (await harness.em().getConnection().execute(query, params)) as T[];

const statusOf = async (id: string) =>
  (await sql<{ status: string }>('select status from email where id = ?', [id]))[0]?.status;

const signed = (role: 'student' | 'admin' | 'staff' | null, userId: string | null = randomUUID()) =>
  signIdentity(
    {
      userId: role ? userId : null,
      role,
      verificationStatus: 'none',
      sessionId: role ? randomUUID() : null,
      ip: '10.1.2.3',
    },
    INTERNAL_SECRET,
    'notifications',
  );

/** A person with a sent mail to each address and a contact message from their own. */
async function personWithMail() {
  const userId = randomUUID();
  const own = `layla-${userId.slice(0, 8)}@example.com`;
  const university = `l${userId.slice(0, 8)}@cud.ac.ae`;
  const approved = await harness.publish({
    to: own,
    template: 'verification-approved',
    data: { firstName: 'Layla', expiresOn: '26 November 2027' },
  });
  const received = await harness.publish({
    to: university,
    template: 'verification-document-received',
    data: { documentType: 'Student ID' },
  });
  const contact = await request(harness.service.url)
    .post('/contact')
    .set(visitorHeaders(`10.9.${randomInt(250)}.7`))
    .send({ firstName: 'Layla', lastName: 'Hassan', email: own, message: 'Please help with my code.' });
  expect(contact.status).toBe(201);
  const forwarded = (
    await sql<{ email_id: string }>('select email_id from contact_message where email = ?', [own])
  )[0].email_id;
  await until(
    () => Promise.all([statusOf(approved), statusOf(received), statusOf(forwarded)]),
    (statuses) => statuses.every((status) => status === 'sent'),
  );
  return { userId, own, university, approved, received };
}

const deletion = (userId: string, emails: string[]) =>
  createEnvelope('account.deleted', {
    userId,
    emails,
    deletedAt: new Date().toISOString(),
    actor: { userId, role: 'student' },
  });

describe('account.deleted (decision 009)', () => {
  test('mail to their addresses loses its recipient and body, a waiting one is not sent; their contact messages are erased; audited', async () => {
    const { userId, own, university, approved } = await personWithMail();
    catcher.refuse(451);
    const waiting = await harness.publish({
      to: own,
      template: 'verification-expired',
      data: { firstName: 'Layla' },
    });
    await until(
      () => sql<{ attempts: number }>('select attempts from email where id = ?', [waiting]),
      ([row]) => (row?.attempts ?? 0) > 0,
    );

    await harness.publisher.publish(deletion(userId, [own, university]));
    const audit = await until(
      () =>
        sql<Record<string, unknown>>(
          `select actor_id, actor_role, subject_id, changes from audit_log
            where action = 'erase-personal-data' and subject_id = ?`,
          [userId],
        ),
      (rows) => rows.length > 0,
    );
    expect(audit).toEqual([
      {
        actor_id: userId,
        actor_role: 'student',
        subject_id: userId,
        changes: {
          emails: { from: 3, to: 0 },
          contactMessages: { from: 1, to: 0 },
          forwardedContactMessages: { from: 1, to: 0 },
        },
      },
    ]);
    const mails = await sql<{
      id: string;
      recipient: string;
      data: object;
      status: string;
      template: string;
      erased: boolean;
    }>(
      'select id, recipient, data, status, template, body_erased_at is not null as erased from email where id in (?, ?)',
      [approved, waiting],
    );
    expect(mails).toEqual(
      expect.arrayContaining([
        {
          id: approved,
          recipient: '',
          data: {},
          status: 'sent',
          template: 'verification-approved',
          erased: true,
        },
        {
          id: waiting,
          recipient: '',
          data: {},
          status: 'expired',
          template: 'verification-expired',
          erased: false,
        },
      ]),
    );
    const schema =
      JSON.stringify(await sql('select * from email')) +
      JSON.stringify(await sql('select * from contact_message'));
    expect(schema).not.toContain(own);
    expect(schema).not.toContain(university);
    expect(schema).not.toContain('Please help with my code.');
    catcher.refuse(null);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(
      catcher.messages.filter((mail) => mail.subject.includes('expired') && mail.to.includes(own)),
    ).toEqual([]);
  });

  test('the same event twice erases once; other people’s mail is untouched', async () => {
    const someone = await personWithMail();
    const other = await personWithMail();
    const envelope = deletion(someone.userId, [someone.own]);
    await harness.publisher.publish(envelope);
    await until(
      () => sql('select id from audit_log where subject_id = ?', [someone.userId]),
      (rows) => rows.length === 1,
    );
    await harness.publisher
      .queue('notifications')
      .add(envelope.name, envelope, { jobId: `again-${envelope.id}` });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await sql('select id from audit_log where subject_id = ?', [someone.userId])).toHaveLength(1);
    expect(await sql('select recipient from email where id = ?', [other.approved])).toEqual([
      { recipient: other.own },
    ]);
  });
});

test('a contact message erased before its copy to support was recorded: the copy is recorded expired, never sent', async () => {
  const userId = randomUUID();
  const own = `early-${userId.slice(0, 8)}@example.com`;
  const messageId = randomUUID();
  const emailId = randomUUID();
  await sql(
    `insert into contact_message (id, first_name, last_name, email, message, status, email_id, ip, created_at)
      values (?, 'Omar', 'Saleh', ?, 'Too early', 'new', ?, null, now())`,
    [messageId, own, emailId],
  );
  await harness.publisher.publish(deletion(userId, [own]));
  await until(
    () => sql('select id from audit_log where subject_id = ?', [userId]),
    (rows) => rows.length === 1,
  );
  await harness.publish(
    {
      to: SUPPORT_EMAIL,
      template: 'contact-message',
      data: {
        firstName: 'Omar',
        lastName: 'Saleh',
        email: own,
        message: 'Too early',
        contactMessageId: messageId,
      },
      replyTo: own,
    },
    emailId,
  );
  await until(
    () => statusOf(emailId),
    (status) => status !== undefined,
  );
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(await sql('select status, data, reply_to from email where id = ?', [emailId])).toEqual([
    { status: 'expired', data: {}, reply_to: null },
  ]);
  expect(catcher.messages.filter((mail) => mail.text.includes('Too early'))).toEqual([]);
});

describe('POST /internal/personal-data (notifications’ part of the export)', () => {
  test('the mail to any of the addresses, with its body where still held, and the contact messages from them', async () => {
    const { userId, own, university } = await personWithMail();
    const res = await request(harness.service.url)
      .post('/internal/personal-data')
      .set(signed('student', userId))
      .send({ userId, emails: [own, university] });
    expect(res.status).toBe(200);
    expect(res.body.data.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: own,
          template: 'verification-approved',
          status: 'sent',
          body: expect.objectContaining({ text: expect.stringContaining('26 November 2027') }),
        }),
        expect.objectContaining({ to: university, template: 'verification-document-received' }),
      ]),
    );
    expect(res.body.data.contactMessages).toEqual([
      expect.objectContaining({ email: own, message: 'Please help with my code.' }),
    ]);
    // the copy to support is not theirs: it went to SUPPORT_EMAIL
    expect(res.text).not.toContain(SUPPORT_EMAIL);
  });

  test('another student → 403, staff → 403, an admin may, a visitor → 401; a bad address → 400 naming the field', async () => {
    const userId = randomUUID();
    const exportAs = (headers: Record<string, string>, emails = ['a@example.com']) =>
      request(harness.service.url).post('/internal/personal-data').set(headers).send({ userId, emails });
    expect((await exportAs(signed('student'))).status).toBe(403);
    expect((await exportAs(signed('staff'))).status).toBe(403);
    expect((await exportAs(signed('admin'))).status).toBe(200);
    expect((await exportAs(signed(null))).status).toBe(401);
    const bad = await exportAs(signed('student', userId), ['not an address']);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'emails.0': 'Not a valid e-mail address' });
  });
});
