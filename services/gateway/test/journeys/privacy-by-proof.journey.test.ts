import { startedForTests, uniqueName } from '@tullab/testing';
import { newStudent } from '../client';
import { client } from '../helpers';
import { eventually } from './eventually';
import { applyAsBrand } from './merchants';
import { SUPPORT_EMAIL, sqlOf, startStack } from './stack';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

// Privacy by proof (T23, issue 28): a student's export and erasure reach only what that person proved was theirs.

const stack = startedForTests(startStack, 60_000);
/** One statement on a service's own schema, read apart from its API. */
const sql = sqlOf(stack);

/** A visitor's contact message (signed out), as the contact page sends it. */
async function contactAsVisitor(email: string, message: string): Promise<void> {
  const sent = await client(stack.url).post('/api/contact', {
    firstName: 'Sender',
    lastName: 'Name',
    email,
    message,
  });
  expect(sent.status).toBe(201);
}

/** Asks to verify with `email`, as the verification page does; answers the status (202: kept for manual review). */
async function typeStudentEmail(student: SignedUpStudent, email: string): Promise<number> {
  const res = await student.browser.post('/api/students/verify', {
    email,
    personalEmail: student.student.email,
    studentId: null,
  });
  return res.status;
}

/** Every mail notifications recorded whose body says `text`, with its status. */
const mailSaying = (text: string) =>
  sql<{ id: string; recipient: string; status: string; template: string; data: Record<string, string> }>(
    'notifications',
    'select id, recipient, status, template, data from email where data::text like ?',
    [`%${text}%`],
  );

const deleteOwnAccount = async ({ browser, student }: SignedUpStudent) =>
  expect(
    (await browser.post('/api/students/delete-account', { currentPassword: student.password })).status,
  ).toBe(200);

/** Waits until notifications has erased (and audited) what `userId` reached. */
const erasedByNotifications = (userId: string, steps = 1) =>
  eventually(
    () =>
      sql(
        'notifications',
        `select id from audit_log where subject_id = ? and action = 'erase-personal-data'`,
        [userId],
      ),
    (rows) => rows.length === steps,
  );

describe('privacy by proof, through the gateway (T23)', () => {
  test('a student who types a stranger’s address and the support inbox’s at verification gets none of their mail: not the stranger’s contact message, not the support inbox’s copies, not another student’s staff alert', async () => {
    const slug = uniqueName('x').slice(-8);
    const stranger = `stranger-${slug}@example.com`;
    const secret = `My ID number is 784-1990-${slug}, please change my account's e-mail.`;
    await contactAsVisitor(stranger, secret);
    const other = await signUpStudent(client(stack.url));
    expect(await typeStudentEmail(other, `other-${slug}@unknown-college.ae`)).toBe(202);

    const attacker = await signUpStudent(client(stack.url));
    expect(await typeStudentEmail(attacker, stranger)).toBe(202);
    expect(await typeStudentEmail(attacker, SUPPORT_EMAIL)).toBe(202);
    // what would leak is stored and sent by now
    await eventually(
      () => mailSaying(secret),
      (rows) => rows.length === 1 && rows[0].status === 'sent',
    );
    await eventually(
      () => mailSaying(other.student.email),
      (rows) => rows.length === 1 && rows[0].status === 'sent',
    );
    await eventually(
      () => sql('notifications', 'select id from email where about_user_id = ?', [attacker.id]),
      (rows) => rows.length === 2,
    );

    const res = await attacker.browser.get('/api/students/personal-data');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(secret.slice(0, 30));
    expect(res.text).not.toContain(other.student.email);
    const { notifications } = JSON.parse(res.text);
    expect(notifications.contactMessages).toEqual([]);
    expect(notifications.emails.filter((mail: { to: string }) => mail.to === SUPPORT_EMAIL)).toEqual([]);
    // what staff were told about the attacker is theirs to see
    expect(notifications.noticesToStaff).toHaveLength(2);
    for (const notice of notifications.noticesToStaff)
      expect(notice.values.message).toContain(attacker.student.email);
  });

  test('an impostor who registers with a victim’s address, or the support inbox’s, and deletes the account erases nothing of theirs: the victim’s message and mail stay, pending staff alerts are still sent', async () => {
    const slug = uniqueName('v').slice(-8);
    const victim = `victim-${slug}@example.com`;
    const secret = `Victim ${slug} writes: my passport number is N${slug}.`;
    await contactAsVisitor(victim, secret);
    const brandName = `Victim Coffee ${slug}`;
    // the staff alert about the application, and the receipt mailed to the victim
    const alertAndReceipt = () =>
      sql<{ template: string; recipient: string; status: string }>(
        'notifications',
        `select template, recipient, status from email
          where recipient = ? or (template = 'staff-alert' and data::text like ?)`,
        [victim, `%${brandName}%`],
      );
    try {
      // from here the mail server refuses for a while: the victim's mail and the staff alerts wait, pending
      stack.smtp.refuse(451);
      await applyAsBrand(stack, brandName, victim, `V-${slug.toUpperCase()}`);
      await eventually(
        () => alertAndReceipt(),
        (rows) => rows.length === 2,
      );

      for (const email of [victim, SUPPORT_EMAIL]) {
        const impostor = client(stack.url);
        const registered = await impostor.post('/api/auth/register', { ...newStudent(email) });
        expect(registered.status).toBe(201);
        const id = registered.body.user.id as string;
        await deleteOwnAccount({ browser: impostor, student: newStudent(email), id });
        await erasedByNotifications(id);
      }
    } finally {
      stack.smtp.refuse(null);
    }
    expect(
      await sql('notifications', 'select email, message from contact_message where message = ?', [secret]),
    ).toEqual([{ email: victim, message: secret }]);
    expect(
      (await alertAndReceipt()).map((mail) => [mail.template, mail.recipient, mail.status]).sort(),
    ).toEqual([
      ['merchant-application-received', victim, 'pending'],
      ['staff-alert', SUPPORT_EMAIL, 'pending'],
    ]);
    await stack.smtp.waitFor(
      (mail) => mail.to.includes(SUPPORT_EMAIL) && mail.subject.includes(brandName),
      15_000,
    );
    await stack.smtp.waitFor((mail) => mail.to.includes(victim), 15_000);
    await stack.smtp.waitFor((mail) => mail.to.includes(SUPPORT_EMAIL) && mail.text.includes(secret), 15_000);
  });

  test('a student who proved an address with its code finds the mail to it, the messages sent from it and what staff were told about them in the export; deleting the account erases them all', async () => {
    const student = await signUpStudent(client(stack.url));
    const slug = uniqueName('p').slice(-8);
    expect(await typeStudentEmail(student, `typed-${slug}@unknown-college.ae`)).toBe(202);
    await verifyByCode(stack, student);
    const proved = `${student.student.email.split('@')[0]}@cud.ac.ae`;
    const fromProved = `Sent signed out from my university address ${slug}.`;
    await contactAsVisitor(proved, fromProved);
    await eventually(
      () => mailSaying(fromProved),
      (rows) => rows.length === 1,
    );
    await eventually(
      () => sql('notifications', 'select id from email where about_user_id = ?', [student.id]),
      (rows) => rows.length === 1,
    );

    const exported = JSON.parse((await student.browser.get('/api/students/personal-data')).text);
    expect(exported.notifications.emails).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: proved, template: 'student-email-code' })]),
    );
    expect(exported.notifications.contactMessages).toEqual([
      expect.objectContaining({ email: proved, message: fromProved }),
    ]);
    expect(exported.notifications.noticesToStaff).toEqual([
      expect.objectContaining({
        template: 'staff-alert',
        values: expect.objectContaining({ title: 'Unrecognised student e-mail to review' }),
      }),
    ]);

    await deleteOwnAccount(student);
    await erasedByNotifications(student.id, 2);
    const [message] = exported.notifications.contactMessages;
    expect(
      await sql('notifications', 'select email, message from contact_message where id = ?', [message.id]),
    ).toEqual([{ email: '', message: '' }]);
    const mailIds = exported.notifications.emails.map((mail: { id: string }) => mail.id);
    expect(
      await sql('notifications', 'select distinct recipient from email where id in (?)', [mailIds]),
    ).toEqual([{ recipient: '' }]);
    expect(
      await sql<{ data: object }>('notifications', 'select data from email where about_user_id = ?', [
        student.id,
      ]),
    ).toEqual([{ data: {} }]);
  });

  test('a contact message sent signed in is the student’s whatever address they typed in it: in their export, and erased with the account', async () => {
    const student = await signUpStudent(client(stack.url));
    const slug = uniqueName('d').slice(-8);
    const typed = `another-${slug}@example.com`;
    const text = `Signed in ${slug}: please answer me at my other address.`;
    const sent = await student.browser.post('/api/contact', {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: typed,
      message: text,
    });
    expect(sent.status).toBe(201);
    const exported = JSON.parse((await student.browser.get('/api/students/personal-data')).text);
    expect(exported.notifications.contactMessages).toEqual([
      expect.objectContaining({ email: typed, message: text }),
    ]);

    await deleteOwnAccount(student);
    await erasedByNotifications(student.id);
    expect(
      await sql('notifications', 'select email, message from contact_message where user_id = ?', [
        student.id,
      ]),
    ).toEqual([{ email: '', message: '' }]);
  });
});
