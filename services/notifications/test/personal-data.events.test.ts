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

/** A mail to staff naming `aboutUserId`, as verification's alerts are. */
const staffAlert = (aboutUserId: string, title: string) =>
  harness.publish({
    to: SUPPORT_EMAIL,
    aboutUserId,
    template: 'staff-alert',
    data: { title, message: `${title}: a document waits for review.`, actionPath: '/admin#/verifications' },
  });

/** A contact message through the route: signed in as `userId`, or as a visitor; answers its row. */
async function contactFrom(email: string, message: string, userId?: string) {
  const res = await request(harness.service.url)
    .post('/contact')
    .set(userId ? signed('student', userId) : visitorHeaders(`10.8.${randomInt(250)}.${randomInt(250)}`))
    .send({ firstName: 'Sender', lastName: 'Name', email, message });
  expect(res.status).toBe(201);
  const [row] = await sql<{ id: string; email_id: string; user_id: string | null }>(
    'select id, email_id, user_id from contact_message where message = ?',
    [message],
  );
  // its copy to support is recorded
  await until(
    () => statusOf(row.email_id),
    (status) => status !== undefined,
  );
  return row;
}

/**
 * The attacks of issue 28 as notifications meets them: the student `attacker` proved `own`, and typed a stranger's
 * address and the support inbox's (which the gateway and identity no longer name, but a bug might: notifications
 * must not trust them either). Around them: the stranger's own mail, mail tied to them at the attacker's address, a
 * stranger's visitor message from the support address, staff alerts naming each of the two.
 */
async function attackerAndStranger() {
  const attacker = randomUUID();
  const stranger = randomUUID();
  const tag = attacker.slice(0, 8);
  const own = `proved-${tag}@example.com`;
  const strangers = `stranger-${tag}@example.com`;
  const mail = (to: string, userId: string | undefined, firstName: string) =>
    harness.publish({
      to,
      ...(userId ? { userId } : {}),
      template: 'verification-approved',
      data: { firstName, expiresOn: '2027-11-26' },
    });
  return {
    attacker,
    stranger,
    own,
    strangers,
    /** to the address the attacker typed, tied to the attacker (a code they asked for there) */
    typedByAttacker: await mail(strangers, attacker, `Typed${tag}`),
    /** the stranger's own mail: tied to them, and one from before rows were tied */
    strangersTied: await mail(strangers, stranger, `Tied${tag}`),
    strangersUntied: await mail(strangers, undefined, `Untied${tag}`),
    /** tied to the stranger, though at the attacker's proved address */
    strangersAtOwn: await mail(own, stranger, `AtOwn${tag}`),
    /** the attacker's own mail from before rows were tied, at the address they proved */
    ownUntied: await mail(own, undefined, `Own${tag}`),
    alertAboutAttacker: await staffAlert(attacker, `About attacker ${tag}`),
    alertAboutStranger: await staffAlert(stranger, `About stranger ${tag}`),
    strangersMessage: await contactFrom(SUPPORT_EMAIL, `My ID number is 784-${tag}, please fix my account.`),
    attackersMessage: await contactFrom(
      strangers,
      `Signed in ${tag}: a message sent with a typed address.`,
      attacker,
    ),
  };
}

describe('by proof, not by typed address (T23)', () => {
  test('account.deleted: mail tied to the person goes whatever its address, untied mail only at an address they proved; nothing tied to another account, nothing of the support inbox; staff alerts naming them are emptied and never sent, others are sent', async () => {
    catcher.refuse(451);
    const world = await attackerAndStranger();
    await until(
      () =>
        sql<{ attempts: number }>('select attempts from email where id in (?, ?)', [
          world.alertAboutAttacker,
          world.alertAboutStranger,
        ]),
      (rows) => rows.length === 2 && rows.every((row) => row.attempts > 0),
    );
    await harness.publisher.publish(deletion(world.attacker, [world.own, SUPPORT_EMAIL]));
    await until(
      () => sql('select id from audit_log where subject_id = ?', [world.attacker]),
      (rows) => rows.length === 1,
    );
    const mail = async (id: string) =>
      (
        await sql<{ recipient: string; data: Record<string, string>; status: string }>(
          'select recipient, data, status from email where id = ?',
          [id],
        )
      )[0];
    // the attacker's: by the tie (at the stranger's address) and by proof
    for (const id of [world.typedByAttacker, world.ownUntied])
      expect(await mail(id)).toMatchObject({ recipient: '', data: {} });
    expect(await mail(world.alertAboutAttacker)).toEqual({
      recipient: SUPPORT_EMAIL,
      data: {},
      status: 'expired',
    });
    expect(
      await sql('select email, message from contact_message where id = ?', [world.attackersMessage.id]),
    ).toEqual([{ email: '', message: '' }]);
    // the stranger's: untouched
    expect(await mail(world.strangersTied)).toMatchObject({
      recipient: world.strangers,
      data: { firstName: expect.stringMatching(/^Tied/) },
    });
    expect(await mail(world.strangersUntied)).toMatchObject({
      recipient: world.strangers,
      data: { firstName: expect.stringMatching(/^Untied/) },
    });
    expect((await mail(world.strangersAtOwn)).recipient).toBe(world.own);
    expect((await mail(world.strangersAtOwn)).data).toMatchObject({
      firstName: expect.stringMatching(/^AtOwn/),
    });
    expect(
      await sql('select email, message from contact_message where id = ?', [world.strangersMessage.id]),
    ).toEqual([{ email: SUPPORT_EMAIL, message: expect.stringContaining('My ID number is 784-') }]);
    expect((await mail(world.strangersMessage.email_id)).data).toMatchObject({ email: SUPPORT_EMAIL });

    // an attempt already talking to the SMTP server when the erasure committed may still deliver its message; once
    // the stranger's alert was tried twice more, the dispatcher's pass that was in flight then (and the next) is over
    const attemptsOfStrangersAlert = async () =>
      (
        await sql<{ attempts: number }>('select attempts from email where id = ?', [world.alertAboutStranger])
      )[0].attempts;
    const triedBefore = await attemptsOfStrangersAlert();
    await until(attemptsOfStrangersAlert, (attempts) => attempts >= triedBefore + 2);
    catcher.refuse(null);
    await catcher.waitFor((sent) => sent.subject.includes(`About stranger ${world.attacker.slice(0, 8)}`));
    expect(
      catcher.messages.filter((sent) =>
        sent.subject.includes(`About attacker ${world.attacker.slice(0, 8)}`),
      ),
    ).toEqual([]);
  });

  test('verification.student_emails_erased: untied mail to the student e-mails they proved, and untied messages from them, are erased; rows tied to another account at those addresses are not', async () => {
    const world = await attackerAndStranger();
    const fromOwn = await contactFrom(world.own, `Sent signed out ${world.attacker} from a proved address.`);
    await harness.publisher.publish(
      createEnvelope('verification.student_emails_erased', {
        userId: world.attacker,
        provedEmails: [world.own, SUPPORT_EMAIL],
        actor: { userId: world.attacker, role: 'student' },
      }),
    );
    await until(
      () => sql('select id from audit_log where subject_id = ?', [world.attacker]),
      (rows) => rows.length === 1,
    );
    expect(await sql('select recipient from email where id = ?', [world.ownUntied])).toEqual([
      { recipient: '' },
    ]);
    expect(await sql('select email from contact_message where id = ?', [fromOwn.id])).toEqual([
      { email: '' },
    ]);
    expect(await sql('select recipient from email where id = ?', [world.strangersAtOwn])).toEqual([
      { recipient: world.own },
    ]);
    expect(await sql('select email from contact_message where id = ?', [world.strangersMessage.id])).toEqual([
      { email: SUPPORT_EMAIL },
    ]);
  });

  test('a mail to an erased account, or a staff alert naming an erased student, that arrives after the erasure is recorded erased and never sent', async () => {
    const userId = randomUUID();
    await harness.publisher.publish(deletion(userId, []));
    await until(
      () => sql('select id from audit_log where subject_id = ?', [userId]),
      (rows) => rows.length === 1,
    );
    const late = await harness.publish({
      to: `late-${userId.slice(0, 8)}@example.com`,
      userId,
      template: 'verification-rejected',
      data: { firstName: 'Late', reason: 'Blurred' },
    });
    const alert = await staffAlert(userId, `Late alert ${userId.slice(0, 8)}`);
    const rows = await until(
      () =>
        sql<{ id: string; recipient: string; data: object; status: string }>(
          'select id, recipient, data, status from email where id in (?, ?) order by recipient',
          [late, alert],
        ),
      (found) => found.length === 2,
    );
    expect(rows).toEqual([
      { id: late, recipient: '', data: {}, status: 'expired' },
      { id: alert, recipient: SUPPORT_EMAIL, data: {}, status: 'expired' },
    ]);
  });
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
          notices: { from: 0, to: 0 },
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
          erased: true,
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
  test('the mail to any of the proved addresses, with its body where still held, and the contact messages from them', async () => {
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

  test('by proof, not by typed address (T23): what is tied to them whatever its address, untied rows only at a proved address, and the notices staff were sent about them; nothing tied to another account, nothing of the support inbox', async () => {
    const world = await attackerAndStranger();
    const res = await request(harness.service.url)
      .post('/internal/personal-data')
      .set(signed('student', world.attacker))
      .send({ userId: world.attacker, emails: [world.own, SUPPORT_EMAIL] });
    expect(res.status).toBe(200);
    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id).sort();
    expect(ids(res.body.data.emails)).toEqual([world.typedByAttacker, world.ownUntied].sort());
    expect(ids(res.body.data.contactMessages)).toEqual([world.attackersMessage.id]);
    // the alert naming them, and the copy of their own message that went to support
    expect(res.body.data.noticesToStaff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: world.alertAboutAttacker,
          template: 'staff-alert',
          values: expect.objectContaining({ title: `About attacker ${world.attacker.slice(0, 8)}` }),
        }),
        expect.objectContaining({ id: world.attackersMessage.email_id, template: 'contact-message' }),
      ]),
    );
    expect(res.body.data.noticesToStaff).toHaveLength(2);
    expect(res.text).not.toContain('My ID number is 784-');
    expect(res.text).not.toContain('About stranger');
    expect(res.text).not.toContain(SUPPORT_EMAIL);
    expect(res.text).not.toMatch(/Tied|Untied|AtOwn/);
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
