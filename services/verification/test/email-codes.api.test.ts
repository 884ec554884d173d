import { startedForTests } from '@tullab/testing';
import { as, SUPPORT_EMAIL, testUser } from './helpers';
import { emailCodeTests, startQuietly, studentEmail } from './email-codes.fixture';

const verification = startedForTests(startQuietly);
const { api, sendCode, verifyCode, lastCode, statusOf, statusEvents } = emailCodeTests(verification);

describe('POST /students/verify', () => {
  test('limits count per student, not per address: 30 students behind one campus address all get their codes', async () => {
    const campus = '10.250.1.1';
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const user = testUser('student', campus);
        return (await sendCode(user, studentEmail(user))).status;
      }),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  test('staff and admins hold no student status: every verification step → 403', async () => {
    for (const role of ['staff', 'admin'] as const) {
      const member = testUser(role);
      const steps = [
        api()
          .post('/students/verify')
          .set(member.headers())
          .send({ email: 'a@cud.ac.ae', personalEmail: member.email }),
        api()
          .post('/students/verify-otp')
          .set(member.headers())
          .send({ email: 'a@cud.ac.ae', otp: '123456' }),
        api().post('/students/verify-document').set(member.headers()).field('documentType', 'student_id'),
      ];
      for (const res of await Promise.all(steps))
        expect([res.status, res.body]).toEqual([
          403,
          { message: 'Only students can verify a student status', code: 'forbidden' },
        ]);
    }
  });

  test('a visitor → 401', async () => {
    const res = await api()
      .post('/students/verify')
      .set(as(null))
      .send({ email: 'a@cud.ac.ae', studentId: null });
    expect(res.status).toBe(401);
  });

  test('a recognised domain: a 6-digit code is e-mailed (hashed at rest), the student is pending', async () => {
    const user = testUser();
    const email = studentEmail(user);
    const res = await sendCode(user, email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Verification code sent to ${email}` });

    const [mail] = await verification.mails(email);
    // no Accept-Language: English
    expect(mail).toMatchObject({
      template: 'student-email-code',
      data: { institution: 'Canadian University Dubai' },
      language: 'en',
    });
    expect(mail.code).toMatch(/^\d{6}$/);
    const rows = await verification.sql<{ code_hash: string }>(
      'select code_hash from verification_code where user_id = ?',
      [user.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(mail.code);
    const outbox = await verification.sql<{ payload: unknown }>(`select payload from outbox`);
    expect(JSON.stringify(outbox)).not.toContain(`"${mail.code}"`);
    expect(await statusOf(user)).toMatchObject({ status: 'pending', studentEmail: email });
    expect(await statusEvents(user)).toEqual(['pending']);
  });

  test('Accept-Language ar: the code is e-mailed in Arabic and the request keeps the language', async () => {
    const user = testUser();
    const email = studentEmail(user);
    expect((await sendCode(user, email, { studentId: null }, { 'Accept-Language': 'ar' })).status).toBe(200);
    const mails = await verification.mails(email);
    expect(mails).toEqual([expect.objectContaining({ template: 'student-email-code', language: 'ar' })]);
    expect(mails[0].code).toMatch(/^\d{6}$/);
    expect(
      await verification.sql('select language from verification_request where user_id = ?', [user.userId]),
    ).toEqual([{ language: 'ar' }]);
  });

  test('an unrecognised domain asked again in Arabic: staff approve, the student is e-mailed in Arabic', async () => {
    const user = testUser();
    const email = `${user.userId.slice(0, 8)}@another-college.ae`;
    expect((await sendCode(user, email)).status).toBe(202);
    expect((await sendCode(user, email, { studentId: null }, { 'Accept-Language': 'ar' })).status).toBe(202);
    const [request] = await verification.sql<{ id: string; language: string }>(
      'select id, language from verification_request where user_id = ?',
      [user.userId],
    );
    expect(request.language).toBe('ar');
    const staff = testUser('staff');
    expect(
      (await api().post(`/admin/verifications/${request.id}/approve`).set(staff.headers()).send({})).status,
    ).toBe(200);
    expect(await verification.mails(user.email)).toEqual([
      expect.objectContaining({
        template: 'verification-approved',
        data: { firstName: user.firstName, expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        language: 'ar',
      }),
    ]);
    // staff are alerted once, in English
    const alerts = (await verification.mails(SUPPORT_EMAIL)).filter((m) => m.data.message.includes(email));
    expect(alerts).toEqual([expect.objectContaining({ template: 'staff-alert', language: undefined })]);
  });

  test('an invalid e-mail → 400 with the SPEC message on the field', async () => {
    const res = await sendCode(testUser(), 'not-an-email');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter a valid student email address',
      code: 'validation_failed',
      errors: { email: 'Please enter a valid student email address' },
    });
  });

  test('personalEmail must be the caller’s own (S29)', async () => {
    const user = testUser();
    const res = await sendCode(user, studentEmail(user), {
      studentId: null,
      personalEmail: 'someone@else.test',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('personalEmail');
  });

  test('an unrecognised domain → 202 with the manual-review message; staff are alerted', async () => {
    const user = testUser();
    const email = `${user.userId.slice(0, 8)}@unknown-college.ae`;
    const res = await sendCode(user, email);
    expect(res.status).toBe(202);
    expect(res.body.message).toMatch(/verify your enrollment manually/);
    expect(await statusOf(user)).toMatchObject({ status: 'unrecognized_domain', studentEmail: email });
    const [request] = await verification.sql<{ status: string; method: string; domain_recognised: boolean }>(
      'select status, method, domain_recognised from verification_request where user_id = ?',
      [user.userId],
    );
    expect(request).toEqual({ status: 'pending', method: 'email', domain_recognised: false });
    const alerts = (await verification.mails(SUPPORT_EMAIL)).filter((m) => m.data.message.includes(email));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ template: 'staff-alert' });
    expect(await verification.mails(email)).toEqual([]);
    // asking again changes nothing
    expect((await sendCode(user, email)).status).toBe(202);
    expect(
      (await verification.mails(SUPPORT_EMAIL)).filter((m) => m.data.message.includes(email)),
    ).toHaveLength(1);
  });

  test('free-mail is not a student e-mail: manual review, no code', async () => {
    const user = testUser();
    expect((await sendCode(user, `${user.userId.slice(0, 8)}@gmail.com`)).status).toBe(202);
  });

  test('resend cooldown: a second code within a minute → 429 with Retry-After, no new code', async () => {
    const user = testUser();
    const email = studentEmail(user);
    expect((await sendCode(user, email)).status).toBe(200);
    const res = await sendCode(user, email, {});
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verification.mails(email)).toHaveLength(1);
  });

  test('a resend (no studentId) after the cooldown kills the old code', async () => {
    const user = testUser();
    const email = studentEmail(user);
    expect((await sendCode(user, email)).status).toBe(200);
    const first = await lastCode(email);
    await verification.sql(`update verification_code set created_at = created_at - interval '61 seconds'`);
    const res = await sendCode(user, email, {});
    expect(res.status).toBe(200);
    const second = await lastCode(email);
    expect(second).toBeDefined();
    if (first !== second) expect((await verifyCode(user, email, first as string)).status).toBe(400);
    expect((await verifyCode(user, email, second as string)).status).toBe(200);
  });

  test('a resend for an e-mail that was never sent a code → 400', async () => {
    const user = testUser();
    const res = await sendCode(user, studentEmail(user), {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('There is no verification in progress for this email. Please start again.');
  });

  test('at most 5 codes per e-mail per hour', async () => {
    const user = testUser();
    const email = studentEmail(user);
    for (let i = 0; i < 5; i += 1) {
      expect((await sendCode(user, email)).status).toBe(200);
      await verification.sql(
        `update verification_code set created_at = created_at - interval '61 seconds' where user_id = ?`,
        [user.userId],
      );
    }
    const res = await sendCode(user, email);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many codes requested for this email. Please try again later.');
  });

  test('one student address gets at most 10 codes a day, however many accounts ask for it (no mail relay)', async () => {
    const email = `${testUser().userId.slice(0, 8)}@students.cud.ac.ae`;
    const askers = Array.from({ length: 12 }, () => testUser());
    const answers = await Promise.all(askers.map((user) => sendCode(user, email)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(10);
    expect(answers.filter((res) => res.status === 429).map((res) => res.body.message)).toEqual([
      'Too many codes requested for this email. Please try again later.',
      'Too many codes requested for this email. Please try again later.',
    ]);
    expect(await verification.mails(email)).toHaveLength(10);
  });
});
