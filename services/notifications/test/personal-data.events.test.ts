import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { SUPPORT_EMAIL, mailingForTests, until } from './helpers';
import { deletion, personalDataTests } from './personal-data.fixture';

const { harness, catcher } = mailingForTests({ LOG_LEVEL: 'info' });
const { sql, statusOf, personWithMail, staffAlert, contactFrom, attackerAndStranger } =
  personalDataTests(harness);

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
