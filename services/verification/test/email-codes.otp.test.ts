import { openVerificationReceipt } from '@tullab/events';
import { VERIFICATION_RECEIPT_HEADER } from '@tullab/contracts';
import { startedForTests } from '@tullab/testing';
import { INTERNAL_SECRET, testUser } from './helpers';
import { emailCodeTests, startQuietly, studentEmail } from './email-codes.fixture';

const verification = startedForTests(startQuietly);
const { api, sendCode, verifyCode, lastCode, statusOf, statusEvents } = emailCodeTests(verification);

describe('POST /students/verify-otp', () => {
  test('the right code: active with verifiedAt and a year of validity, announced, and a sealed receipt', async () => {
    const user = testUser();
    const email = studentEmail(user);
    await sendCode(user, email);
    const res = await verifyCode(user, email, (await lastCode(email)) as string);
    expect(res.status).toBe(200);
    expect(res.body.verification).toMatchObject({ status: 'active', studentEmail: email });

    const receipt = openVerificationReceipt(INTERNAL_SECRET, res.headers[VERIFICATION_RECEIPT_HEADER]);
    expect(receipt).toMatchObject({ userId: user.userId, status: 'active', studentEmail: email });
    const days =
      (Date.parse(receipt?.expiresAt as string) - Date.parse(receipt?.changedAt as string)) / 86400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);

    const status = (await api().get('/students/verify').set(user.headers())).body;
    expect(status).toMatchObject({
      status: 'active',
      studentEmail: email,
      institution: 'Canadian University Dubai',
    });
    expect(status.verifiedAt).toBeTruthy();
    expect(await statusEvents(user)).toEqual(['pending', 'active']);
    // the same code again → 400 (single use)
    expect((await verifyCode(user, email, (await lastCode(email)) as string)).status).toBe(400);
  });

  test('brute force: 5 wrong codes kill the code; the 6th try → 429 and the right code fails too', async () => {
    const user = testUser();
    const email = studentEmail(user);
    await sendCode(user, email);
    const right = (await lastCode(email)) as string;
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await verifyCode(user, email, wrong);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid or expired verification code');
    }
    expect((await verifyCode(user, email, wrong)).status).toBe(429);
    expect((await verifyCode(user, email, right)).status).toBe(429);
    expect((await statusOf(user)).status).toBe('pending');
  });

  test('20 parallel wrong guesses count at most 5 attempts', async () => {
    const user = testUser();
    const email = studentEmail(user);
    await sendCode(user, email);
    const right = (await lastCode(email)) as string;
    const wrong = right === '999999' ? '888888' : '999999';
    await Promise.all(Array.from({ length: 20 }, () => verifyCode(user, email, wrong)));
    const [row] = await verification.sql<{ attempts: number }>(
      'select attempts from verification_code where user_id = ?',
      [user.userId],
    );
    expect(row.attempts).toBe(5);
  });

  test('an expired code → 400', async () => {
    const user = testUser();
    const email = studentEmail(user);
    await sendCode(user, email);
    await verification.sql(
      `update verification_code set expires_at = now() - interval '1 second' where user_id = ?`,
      [user.userId],
    );
    expect((await verifyCode(user, email, (await lastCode(email)) as string)).status).toBe(400);
  });

  test('a malformed code → 400 on the otp field; another user’s personalEmail → 400', async () => {
    const user = testUser();
    const email = studentEmail(user);
    expect((await verifyCode(user, email, '12ab')).body.errors).toHaveProperty('otp');
    const res = await api()
      .post('/students/verify-otp')
      .set(user.headers())
      .send({ email, personalEmail: 'other@mail.test', otp: '123456' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('personalEmail');
  });

  test('one student e-mail, one account: another account is refused with 409', async () => {
    const first = testUser();
    const email = studentEmail(first);
    await sendCode(first, email);
    expect((await verifyCode(first, email, (await lastCode(email)) as string)).status).toBe(200);

    const second = testUser();
    const res = await sendCode(second, email);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This student email is already verified on another account.');
  });

  test('a verified student cannot start again until the last 28 days before expiry', async () => {
    const user = testUser();
    const email = studentEmail(user);
    await sendCode(user, email);
    await verifyCode(user, email, (await lastCode(email)) as string);
    await verification.sql(`update verification_code set created_at = created_at - interval '2 minutes'`);
    expect((await sendCode(user, email)).status).toBe(409);
    await verification.sql(
      `update student_status set expires_at = now() + interval '20 days' where user_id = ?`,
      [user.userId],
    );
    expect((await sendCode(user, email)).status).toBe(200);
    expect((await statusOf(user)).status).toBe('active');
  });
});
