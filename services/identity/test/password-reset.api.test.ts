import { startedForTests } from '@tullab/testing';
import { newStaff, registered, startIdentity, type TestClient } from './helpers';
import { SENT, passwordResetTests } from './password-reset.fixture';

const identity = startedForTests(startIdentity);
const { askCode } = passwordResetTests(identity);

describe('invitations and resets that end', () => {
  test('an invited account that never set a password gets no reset code (the same 202)', async () => {
    const { student, user } = await registered(identity);
    await identity.sql('update users set password_hash = null where id = ?', [user.id]);
    const res = await identity.client().post('/auth/forgot-password', { email: student.email });
    expect([res.status, res.body]).toEqual([202, SENT]);
    expect(await identity.mails(student.email)).toEqual([]);
  });

  test('a password reset ends the second-factor challenge a sign-in with the old password began', async () => {
    const member = await newStaff(identity);
    const attacker = identity.client();
    const login = await attacker.post('/auth/login', { email: member.email, password: member.password });
    expect(login.body).toMatchObject({ mfaRequired: true });
    const owner = identity.client();
    const code = await askCode(member.email, owner);
    expect((await owner.post('/auth/verify-reset-otp', { email: member.email, otp: code })).status).toBe(200);
    const newPassword = 'the owner took it back 42';
    expect((await owner.post('/auth/reset-password', { email: member.email, newPassword })).status).toBe(200);
    const [live] = await identity.sql<{ live: string }>(
      'select count(*) as live from mfa_challenges where user_id = ? and used_at is null',
      [member.id],
    );
    expect(Number(live.live)).toBe(0);
    const finish = await attacker.post('/auth/mfa/enrollment');
    expect(finish.status).toBe(401);
  });
});

describe('POST /auth/reset-password', () => {
  const EXPIRED = {
    message: 'Your reset session has expired. Please request a new code.',
    code: 'session_expired',
  };

  async function verifiedBrowser(email: string): Promise<TestClient> {
    const browser = identity.client();
    const code = await askCode(email, browser);
    expect((await browser.post('/auth/verify-reset-otp', { email, otp: code })).status).toBe(200);
    return browser;
  }

  test('with the grant: 200, every session ends, old password refused, new one works, a notice is queued (S9, S20)', async () => {
    const { student, client: phone, user } = await registered(identity);
    const laptop = identity.client();
    expect(
      (await laptop.post('/auth/login', { email: student.email, password: student.password })).status,
    ).toBe(200);
    const phoneToken = phone.sid!;
    const laptopToken = laptop.sid!;

    const browser = await verifiedBrowser(student.email);
    const newPassword = 'another quite long passphrase 9';
    const res = await browser.post('/auth/reset-password', { email: student.email, newPassword });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password has been reset. Please log in.' });
    expect(JSON.parse(res.headers['x-tullab-set-cookie'])).toEqual([
      { name: 'pwreset', value: null, maxAge: 0 },
      { name: 'sid', value: null, maxAge: 0 },
    ]);

    expect((await identity.resolve(phoneToken)).status).toBe(401);
    expect((await identity.resolve(laptopToken)).status).toBe(401);
    expect(await identity.sql('select id from sessions where user_id = ?', [user.id])).toEqual([]);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(401);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: newPassword })).status,
    ).toBe(200);
    const mails = await identity.mails(student.email);
    expect(mails.map((m) => m.payload.template)).toEqual(['password-reset-code', 'password-changed']);
    expect(mails[1].payload.sealed).toBeUndefined();
  });

  test('without the grant → 400; with a grant for another e-mail → 400; replaying the grant → 400', async () => {
    const { student } = await registered(identity);
    const other = await registered(identity);
    const newPassword = 'a new and unusual passphrase 3';

    const stranger = identity.client();
    expect((await stranger.post('/auth/reset-password', { email: student.email, newPassword })).body).toEqual(
      EXPIRED,
    );

    const browser = await verifiedBrowser(student.email);
    const wrongEmail = await browser.post('/auth/reset-password', {
      email: other.student.email,
      newPassword,
    });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body).toEqual(EXPIRED);

    const grant = browser.pwreset!;
    expect((await browser.post('/auth/reset-password', { email: student.email, newPassword })).status).toBe(
      200,
    );
    browser.pwreset = grant;
    const replay = await browser.post('/auth/reset-password', {
      email: student.email,
      newPassword: 'yet another passphrase 4',
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(EXPIRED);
    expect(
      (
        await identity
          .client()
          .post('/auth/login', { email: other.student.email, password: other.student.password })
      ).status,
    ).toBe(200);
  });

  test('the new password follows the policy, and a refused one keeps the grant', async () => {
    const { student } = await registered(identity);
    const browser = await verifiedBrowser(student.email);
    const weak = await browser.post('/auth/reset-password', {
      email: student.email,
      newPassword: 'iloveyou',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('This password is too common. Please choose a less common one.');
    expect(
      (await browser.post('/auth/reset-password', { email: student.email, newPassword: 'short' })).body
        .message,
    ).toBe('Password must be at least 8 characters');
    expect(
      (
        await browser.post('/auth/reset-password', {
          email: student.email,
          newPassword: 'a fine new passphrase 5',
        })
      ).status,
    ).toBe(200);
  });

  test('an expired grant → 400', async () => {
    const { student, user } = await registered(identity);
    const browser = await verifiedBrowser(student.email);
    await identity.sql(
      "update password_reset_grants set expires_at = now() - interval '1 second' where user_id = ?",
      [user.id],
    );
    expect(
      (
        await browser.post('/auth/reset-password', {
          email: student.email,
          newPassword: 'a fine new passphrase 6',
        })
      ).body,
    ).toEqual(EXPIRED);
  });

  test('the reset clears the soft lock and the failure counters (S11)', async () => {
    const { student, user } = await registered(identity);
    await identity.sql(
      "update users set failed_login_count = 100, locked = true, login_blocked_until = now() + interval '1 hour' where id = ?",
      [user.id],
    );
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(429);
    const browser = await verifiedBrowser(student.email);
    const newPassword = 'unlocked at last passphrase';
    expect((await browser.post('/auth/reset-password', { email: student.email, newPassword })).status).toBe(
      200,
    );
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: newPassword })).status,
    ).toBe(200);
  });
});
