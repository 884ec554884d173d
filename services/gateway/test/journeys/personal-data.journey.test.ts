import { ObjectStore } from '@tullab/storage';
import { s3EnvOf, uniqueName } from '@tullab/testing';
import { newStudent } from '../client';
import { client } from '../helpers';
import { eventually } from './eventually';
import { applyAsBrand } from './merchants';
import { ADMIN, startStack, SUPPORT_EMAIL, type Stack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

let stack: Stack;
let admin: ReturnType<typeof client>;
/** the documents bucket, read apart from the services */
let bucket: ObjectStore;

beforeAll(async () => {
  stack = await startStack();
  admin = await signInStaff(stack.url, ADMIN);
  bucket = new ObjectStore(s3EnvOf(stack.s3), stack.services.verification.deps.config.DOCUMENT_BUCKET);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 0x20)]);

/** One statement on a service's own schema, read apart from its API. */
async function sql<T = Record<string, unknown>>(
  service: 'identity' | 'verification' | 'offers' | 'notifications',
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await stack.services[service].deps.orm.em.fork().getConnection().execute(query, params)) as T[];
}

/**
 * A student with something in every service: a document waiting for staff, a university address verified by code,
 * an offer redeemed, and the mail all that sent.
 */
async function studentWithHistory(): Promise<
  SignedUpStudent & { key: string; offerId: string; code: string }
> {
  const signedUp = await signUpStudent(client(stack.url));
  const uploaded = await signedUp.browser.agent
    .post('/api/students/verify-document')
    .set({ Origin: 'http://localhost:8080' })
    .field('documentType', 'enrollment_letter')
    .field('institution', 'University of Sharjah')
    .attach('document', pdf, 'enrolment.pdf');
  expect(uploaded.status).toBe(201);
  const [{ document_key: key }] = await sql<{ document_key: string }>(
    'verification',
    "select document_key from verification_request where user_id = ? and method = 'document'",
    [signedUp.id],
  );
  await verifyByCode(stack, signedUp);
  const offer = await admin.post('/api/admin/offers', {
    title: '15% off books',
    brandName: 'Journey Books',
    businessDescription: 'A bookshop that exists only in journey tests.',
    businessCategory: 'fashion',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 15,
    code: 'BOOKS-15',
    discountRedemptionGuide: [{ instruction: 'Copy the code' }, { instruction: 'Paste it at checkout' }],
    termsAndConditions: 'Verified students only.',
    status: 'live',
  });
  if (offer.status !== 201) throw new Error(`offer not created: ${offer.status} ${offer.text}`);
  const redeemed = await signedUp.browser.post(`/api/offers/${offer.body.id}/redeem`);
  expect(redeemed.body).toEqual({ code: 'BOOKS-15' });
  await stack.smtp.waitFor((mail) => mail.to.includes(signedUp.student.email), 15_000);
  return { ...signedUp, key, offerId: offer.body.id as string, code: 'BOOKS-15' };
}

describe('personal data, through the gateway (decision 009)', () => {
  test('"Download my data": one JSON download with the student’s data from every service', async () => {
    const student = await studentWithHistory();
    const studentEmail = `${student.student.email.split('@')[0]}@cud.ac.ae`;
    await eventually(
      () =>
        sql('notifications', "select id from email where recipient = ? and status = 'sent'", [studentEmail]),
      (rows) => rows.length > 0,
    );
    const res = await student.browser.get('/api/students/personal-data');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tullab-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.text);
    expect(data).toMatchObject({
      format: 'tullab-personal-data/1',
      userId: student.id,
      account: {
        account: {
          id: student.id,
          email: student.student.email,
          firstName: 'Layla',
          phone: '+971 50 123 4567',
        },
        verification: { status: 'active', studentEmail },
      },
      verification: {
        status: { status: 'active', studentEmail, institution: 'Canadian University Dubai' },
      },
      offers: { redemptions: [expect.objectContaining({ offerId: student.offerId, code: student.code })] },
    });
    expect(data.verification.requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          method: 'document',
          status: 'pending',
          institution: 'University of Sharjah',
          document: expect.objectContaining({ fileName: 'enrolment.pdf', stored: true }),
        }),
        expect.objectContaining({ method: 'email', status: 'approved', studentEmail }),
      ]),
    );
    expect(data.notifications.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: studentEmail, template: 'student-email-code', status: 'sent' }),
        expect.objectContaining({ to: student.student.email, template: 'verification-document-received' }),
      ]),
    );
    // no secret of ours: no password hash, no object key, no stored code
    expect(res.text).not.toContain(student.key);
    expect(res.text).not.toMatch(/argon2|password_?hash|code_?hash/i);
  });

  test('an admin downloads a student’s data on request (audited with the admin); staff and other students cannot', async () => {
    const student = await studentWithHistory();
    const other = await signUpStudent(client(stack.url));
    const byAdmin = await admin.get(`/api/admin/personal-data/${student.id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.headers['content-disposition']).toMatch(/^attachment; /);
    expect(JSON.parse(byAdmin.text).account.account.email).toBe(student.student.email);
    const audit = await sql<{ action: string; actor_role: string }>(
      'identity',
      'select action, actor_role from audit_log where subject_id = ?',
      [student.id],
    );
    expect(audit).toEqual([{ action: 'export-personal-data', actor_role: 'admin' }]);
    expect((await other.browser.get(`/api/admin/personal-data/${student.id}`)).status).toBe(403);
    expect((await client(stack.url).get('/api/students/personal-data')).status).toBe(401);
  });

  test('deleting the account: sessions end at once, it cannot sign in, its document leaves the bucket, its redemptions stay counted but anonymous, its mail is erased, and the e-mail registers again', async () => {
    const student = await studentWithHistory();
    const { email, password } = student.student;
    const laptop = client(stack.url);
    expect((await laptop.post('/api/auth/login', { email, password })).status).toBe(200);
    expect(await bucket.get(student.key)).not.toBeNull();

    const wrong = await student.browser.post('/api/students/delete-account', {
      currentPassword: 'not it at all 1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });

    const deleted = await student.browser.post('/api/students/delete-account', { currentPassword: password });
    expect(deleted.status).toBe(200);
    expect(deleted.headers['set-cookie']).toEqual([expect.stringMatching(/^sid=; Max-Age=0/)]);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect(await sql('identity', 'select id from sessions where user_id = ?', [student.id])).toEqual([]);

    const signIn = await client(stack.url).post('/api/auth/login', { email, password });
    const unknown = await client(stack.url).post('/api/auth/login', {
      email: `nobody-${Date.now()}@example.com`,
      password,
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toEqual(unknown.body);

    // the other services erase theirs from the identity outbox's account.deleted
    await eventually(
      () => bucket.get(student.key),
      (object) => object === null,
    );
    expect(await bucket.get(student.key)).toBeNull();
    const redemptions = await eventually(
      () =>
        sql<{ user_id: string; code: string | null }>(
          'offers',
          'select user_id, code from redemption where offer_id = ?',
          [student.offerId],
        ),
      (rows) => rows.length === 1 && rows[0].user_id !== student.id,
    );
    expect(redemptions).toEqual([{ user_id: expect.any(String), code: null }]);
    expect(redemptions[0].user_id).not.toBe(student.id);
    const listed = await admin.get(
      `/api/admin/redemptions?filter=${encodeURIComponent(JSON.stringify({ offerId: student.offerId }))}`,
    );
    expect(listed.headers['content-range']).toMatch(/\/1$/);
    const mail = await eventually(
      () =>
        sql<{ recipient: string }>(
          'notifications',
          'select recipient from email where lower(recipient) = ?',
          [email],
        ),
      (rows) => rows.length === 0,
    );
    expect(mail).toEqual([]);
    // notifications erases twice: by the account (account.deleted), and by the university address the student proved
    // (verification's student_emails_erased, T23)
    for (const [service, steps] of [
      ['identity', 1],
      ['verification', 1],
      ['offers', 1],
      ['notifications', 2],
    ] as const) {
      const audit = await eventually(
        () =>
          sql<{ actor_id: string }>(
            service,
            `select actor_id from audit_log where subject_id = ? and action in ('delete-account', 'erase-personal-data')`,
            [student.id],
          ),
        (rows) => rows.length === steps,
      );
      expect(audit).toEqual(Array(steps).fill({ actor_id: student.id }));
    }

    const again = await client(stack.url).post('/api/auth/register', {
      ...student.student,
      firstName: 'Mona',
    });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(student.id);
    expect(again.body.user.verification.status).toBe('none');
  });

  test('an admin deletes a student’s account on request: the console shows it deleted, audited with the admin', async () => {
    const { id, browser } = await signUpStudent(client(stack.url));
    const staffRefused = await browser.post(`/api/admin/students/${id}/delete`, {});
    expect(staffRefused.status).toBe(403);
    const res = await admin.post(`/api/admin/students/${id}/delete`, { reason: 'Asked by e-mail' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, disabled: true, deletedAt: expect.any(String), firstName: '' });
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    expect((await admin.get(`/api/admin/students/${id}`)).body.deletedAt).toEqual(expect.any(String));
    const [audit] = await sql<{ actor_role: string; reason: string }>(
      'identity',
      "select actor_role, reason from audit_log where subject_id = ? and action = 'delete-account'",
      [id],
    );
    expect(audit).toEqual({ actor_role: 'admin', reason: 'Asked by e-mail' });
  });
});

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
