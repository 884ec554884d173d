import { ObjectStore } from '@tullab/storage';
import { s3EnvOf, startedForTests } from '@tullab/testing';
import { client } from '../helpers';
import { eventually } from './eventually';
import { ADMIN, sqlOf, startStack } from './stack';
import { signInStaff } from './staff';
import { signUpStudent, verifyByCode, type SignedUpStudent } from './students';

const stack = startedForTests(startStack, 60_000);
/** One statement on a service's own schema, read apart from its API. */
const sql = sqlOf(stack);
let admin: ReturnType<typeof client>;
/** the documents bucket, read apart from the services */
let bucket: ObjectStore;

beforeAll(async () => {
  admin = await signInStaff(stack.url, ADMIN);
  bucket = new ObjectStore(s3EnvOf(stack.s3), stack.services.verification.deps.config.DOCUMENT_BUCKET);
});

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 0x20)]);

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
