import { authenticator } from 'otplib';
import { sha256Hex } from '@tullab/http';
import { startedForTests } from '@tullab/testing';
import { newStaff, registered, signInStaff, startIdentity, totpFor } from './helpers';
import { cookiesAsked, mfaTests } from './mfa.fixture';

const identity = startedForTests(startIdentity);
const { passwordStep, enrolledStaff } = mfaTests(identity);

describe('POST /auth/login for staff (S37)', () => {
  test('the right password issues no session: 200 { mfaRequired }, only the short-lived mfa cookie, /auth/user 401', async () => {
    const member = await newStaff(identity, 'admin');
    const client = identity.client();
    const res = await client.post('/auth/login', { email: member.email, password: member.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mfaRequired: true,
      enrolled: false,
      user: { email: member.email, firstName: 'Mariam', lastName: 'Haddad', role: 'admin' },
    });
    expect(cookiesAsked(res)).toEqual([{ name: 'mfa', value: client.mfa, maxAge: 300, sameSite: 'strict' }]);
    expect(client.sid).toBeNull();
    expect(await identity.sql('select id from sessions where user_id = ?', [member.id])).toEqual([]);
    // the mfa token is no session, and it is stored only as a hash, bound to the user
    expect((await identity.resolve(client.mfa!)).status).toBe(401);
    const me = await client.get('/auth/user');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
    const [challenge] = await identity.sql<{ user_id: string; token_hash: string; lifetime: number }>(
      'select user_id, token_hash, extract(epoch from expires_at - created_at)::int as lifetime from mfa_challenges where user_id = ?',
      [member.id],
    );
    expect(challenge).toEqual({ user_id: member.id, token_hash: sha256Hex(client.mfa!), lifetime: 300 });
  });

  test('a wrong password is the same generic 401 as for anyone, and sets no cookie', async () => {
    const member = await newStaff(identity);
    const res = await identity
      .client()
      .post('/auth/login', { email: member.email, password: 'not the password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    expect(res.headers['x-tullab-set-cookie']).toBeUndefined();
  });

  test('an invited staff member without a password cannot sign in', async () => {
    const member = await newStaff(identity);
    await identity.sql('update users set password_hash = null where id = ?', [member.id]);
    const res = await identity
      .client()
      .post('/auth/login', { email: member.email, password: member.password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });

  test('students are unchanged: { user } and a session at once, no second factor', async () => {
    const { student, user } = await registered(identity);
    const client = identity.client();
    const res = await client.post('/auth/login', { email: student.email, password: student.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['user']);
    expect(res.body.user).not.toHaveProperty('mfaEnrolled');
    expect(cookiesAsked(res)).toEqual([{ name: 'sid', value: client.sid, maxAge: 30 * 24 * 3600 }]);
    const me = await client.get('/auth/user');
    expect(me.body.user).toMatchObject({ id: user.id, role: 'student' });
    expect(me.body.user).not.toHaveProperty('mfaEnrolled');
  });
});

describe('enrolment and POST /auth/mfa/verify', () => {
  test('first sign-in: enrol (QR code and key) → a code from the app → a strict 12 h staff session', async () => {
    const member = await newStaff(identity);
    const client = await passwordStep(member);

    const enrolment = await client.post('/auth/mfa/enrollment');
    expect(enrolment.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = enrolment.body as Record<string, string>;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Tullab:${encodeURIComponent(member.email)}?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Tullab`,
    );
    expect(qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    // asked again (a reload), the same secret: a QR code already scanned stays right
    expect((await client.post('/auth/mfa/enrollment')).body.secret).toBe(secret);
    // sealed until confirmed: neither the challenge nor the user holds it in clear
    const [pending] = await identity.sql<{ pending_secret: string }>(
      'select pending_secret from mfa_challenges where user_id = ? and used_at is null',
      [member.id],
    );
    expect(pending.pending_secret).not.toContain(secret);
    const [before] = await identity.sql('select mfa_secret, mfa_enrolled_at from users where id = ?', [
      member.id,
    ]);
    expect(before).toEqual({ mfa_secret: null, mfa_enrolled_at: null });

    const code = authenticator.generate(secret);
    const res = await client.post('/auth/mfa/verify', { code });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.id, role: 'staff', mfaEnrolled: true });
    expect(cookiesAsked(res)).toEqual([
      { name: 'sid', value: client.sid, maxAge: 12 * 3600, sameSite: 'strict' },
      { name: 'mfa', value: null, maxAge: 0 },
    ]);
    const me = await client.get('/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: member.email, role: 'staff', mfaEnrolled: true });
    const [after] = await identity.sql<{ mfa_secret: string; enrolled: boolean; lifetime: number }>(
      `select u.mfa_secret, u.mfa_enrolled_at is not null as enrolled,
              extract(epoch from s.expires_at - s.created_at)::int as lifetime
         from users u join sessions s on s.user_id = u.id where u.id = ?`,
      [member.id],
    );
    expect(after).toMatchObject({ enrolled: true, lifetime: 12 * 3600 });
    expect(after.mfa_secret).not.toContain(secret);

    const lines = identity.logs.join('');
    expect(lines).toContain('"login succeeded with the second factor"');
    expect(lines).not.toContain(secret);
    expect(lines).not.toContain(`"${code}"`);
  });

  test('an enrolment e-mails the account at once, saying when and never the key, and closes the set-up at sign-in', async () => {
    const member = await newStaff(identity);
    const [before] = await identity.sql<{ mfa_enrol_at_sign_in: boolean }>(
      'select mfa_enrol_at_sign_in from users where id = ?',
      [member.id],
    );
    expect(before.mfa_enrol_at_sign_in).toBe(true);
    expect(await identity.mails(member.email)).toEqual([]);

    await signInStaff(identity, member);
    const mails = await identity.mails(member.email);
    expect(mails.map((mail) => mail.payload)).toEqual([
      {
        to: member.email,
        userId: member.id,
        template: 'staff-second-factor-enrolled',
        data: { firstName: 'Mariam', enrolledAt: expect.any(String) },
      },
    ]);
    const [after] = await identity.sql<{ enrolled_at: string; mfa_enrol_at_sign_in: boolean }>(
      'select mfa_enrolled_at as enrolled_at, mfa_enrol_at_sign_in from users where id = ?',
      [member.id],
    );
    expect(Date.parse(mails[0].payload.data.enrolledAt)).toBe(new Date(after.enrolled_at).getTime());
    expect(after.mfa_enrol_at_sign_in).toBe(false);
    expect(JSON.stringify(mails[0].payload)).not.toContain(member.secret);

    // a later sign-in sends nothing more
    await (await passwordStep(member)).post('/auth/mfa/verify', { code: await totpFor(member) });
    expect(await identity.mails(member.email)).toHaveLength(1);
  });

  test('every later sign-in asks for a code; enrolling again is refused', async () => {
    const member = await enrolledStaff();
    const client = identity.client();
    const login = await client.post('/auth/login', { email: member.email, password: member.password });
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: true });
    const again = await client.post('/auth/mfa/enrollment');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Two-factor authentication is already set up for this account',
      code: 'mfa_already_enrolled',
    });
    expect((await client.post('/auth/mfa/verify', { code: await totpFor(member) })).status).toBe(200);
    expect((await client.get('/auth/user')).status).toBe(200);
  });

  test('signing in while holding a session replaces it (S7)', async () => {
    const member = await newStaff(identity);
    const client = await signInStaff(identity, member);
    const before = client.sid!;
    await signInStaff(identity, member, client);
    expect(client.sid).not.toBe(before);
    expect((await identity.resolve(before)).status).toBe(401);
    expect((await identity.resolve(client.sid!)).status).toBe(200);
  });

  test('without the mfa cookie, with an unknown one or after 5 minutes: 401, sign in again', async () => {
    const member = await newStaff(identity);
    const expired = { message: 'Your sign-in has expired. Please sign in again.', code: 'session_expired' };
    const stranger = identity.client();
    expect((await stranger.post('/auth/mfa/enrollment')).body).toEqual(expired);
    expect((await stranger.post('/auth/mfa/verify', { code: '123456' })).status).toBe(401);
    stranger.mfa = 'made-up-token';
    expect((await stranger.post('/auth/mfa/verify', { code: '123456' })).body).toEqual(expired);

    const client = await passwordStep(member);
    await identity.sql(
      "update mfa_challenges set expires_at = now() - interval '1 second' where user_id = ?",
      [member.id],
    );
    const late = await client.post('/auth/mfa/enrollment');
    expect(late.status).toBe(401);
    expect(late.body).toEqual(expired);
  });

  test('a newer sign-in ends the earlier challenge', async () => {
    const member = await enrolledStaff();
    const first = await passwordStep(member);
    await passwordStep(member);
    expect((await first.post('/auth/mfa/verify', { code: await totpFor(member) })).status).toBe(401);
  });

  test('a code is 6 digits, else 400 naming the field', async () => {
    const client = await passwordStep(await newStaff(identity));
    const res = await client.post('/auth/mfa/verify', { code: '12a456' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter the 6-digit code from your authenticator app',
      code: 'validation_failed',
      errors: { code: 'Please enter the 6-digit code from your authenticator app' },
    });
    expect((await client.post('/auth/mfa/verify', {})).status).toBe(400);
  });

  test('before enrolment there is nothing to check a code against: 409', async () => {
    const client = await passwordStep(await newStaff(identity));
    const res = await client.post('/auth/mfa/verify', { code: '123456' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'Please set up your authenticator app first',
      code: 'mfa_not_enrolled',
    });
  });

  test('a disabled account cannot finish signing in', async () => {
    const member = await newStaff(identity);
    const client = await passwordStep(member);
    await identity.sql('update users set disabled_at = now() where id = ?', [member.id]);
    expect((await client.post('/auth/mfa/verify', { code: '123456' })).status).toBe(401);
    expect(client.sid).toBeNull();
  });
});
