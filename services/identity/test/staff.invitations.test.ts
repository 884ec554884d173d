import { sha256Hex } from '@tullab/http';
import { startedForTests } from '@tullab/testing';
import { registered, signInStaff, startIdentity, totpFor, type StaffCredentials } from './helpers';
import { invitee, staffTests } from './staff.fixture';

const identity = startedForTests(startIdentity);
const { signedInAdmin, invitationToken, invite, acceptWithApp, auditOf } = staffTests(identity);

describe('inviting staff', () => {
  test('POST /admin/staff creates the account without a password, an invitation and its e-mail, audited', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const res = await client.post('/admin/staff', {
      ...input,
      currentPassword: admin.password,
      password: 'ignored password 1',
      mfaEnrolled: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: input.email,
      role: 'staff',
      invitationPending: true,
      mfaEnrolled: false,
      disabled: false,
    });
    const id = res.body.id as string;
    const [user] = await identity.sql<{ password_hash: string | null; mfa_enrol_at_sign_in: boolean }>(
      'select password_hash, mfa_enrol_at_sign_in from users where id = ?',
      [id],
    );
    expect(user).toEqual({ password_hash: null, mfa_enrol_at_sign_in: false });

    const [mail] = await identity.mails(input.email);
    expect(mail.payload).toEqual({
      to: input.email,
      userId: id,
      template: 'staff-invitation',
      data: { firstName: 'Sara', role: 'staff', invitedBy: 'Mariam Haddad' },
      sealed: expect.any(String),
      expiresAt: expect.any(String),
    });
    const lifetime = Date.parse(mail.payload.expiresAt!) - Date.now();
    expect(lifetime).toBeGreaterThan(72 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(72 * 3600_000);
    const token = await invitationToken(input.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [invitation] = await identity.sql<{ token_hash: string; invited_by: string }>(
      'select token_hash, invited_by from staff_invitations where user_id = ?',
      [id],
    );
    expect(invitation).toEqual({ token_hash: sha256Hex(token), invited_by: admin.id });
    expect(JSON.stringify(mail.payload)).not.toContain(token);
    expect(await auditOf(id)).toEqual([
      { action: 'invite', actor_id: admin.id, from_status: null, to_status: 'staff' },
    ]);

    // no password yet: nobody signs in as them
    const login = await identity
      .client()
      .post('/auth/login', { email: input.email, password: 'ignored password 1' });
    expect(login.status).toBe(401);
  });

  test('a taken e-mail → 409; a bad role or e-mail → 400 by field', async () => {
    const { admin, client } = await signedInAdmin();
    const { student } = await registered(identity);
    const confirmed = { currentPassword: admin.password };
    const taken = await client.post('/admin/staff', {
      ...invitee(),
      ...confirmed,
      email: student.email.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
    for (const role of ['student', 'owner', undefined]) {
      const res = await client.post('/admin/staff', { ...invitee(), ...confirmed, role });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ role: 'Role must be staff or admin' });
    }
    const email = await client.post('/admin/staff', { ...invitee(), ...confirmed, email: 'nope' });
    expect(email.body.errors).toEqual({ email: 'Please enter a valid email address' });
  });

  test.each(['staff', 'admin'])(
    'inviting as %s needs the inviting admin’s current password: missing → 400, wrong → 400 and counted (S11); nothing is made',
    async (role) => {
      const { admin, client } = await signedInAdmin();
      const input = { ...invitee(), role };
      const missing = await client.post('/admin/staff', input);
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ currentPassword: 'Please enter your current password' });
      const wrong = await client.post('/admin/staff', { ...input, currentPassword: 'not mine at all' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        message: 'Current password is incorrect',
        code: 'wrong_current_password',
        errors: { currentPassword: 'Current password is incorrect' },
      });
      expect(await identity.sql('select id from users where email = ?', [input.email])).toEqual([]);
      expect(await identity.mails(input.email)).toEqual([]);
      const [self] = await identity.sql<{ failed_login_count: number }>(
        'select failed_login_count from users where id = ?',
        [admin.id],
      );
      expect(self.failed_login_count).toBe(1);
      expect(identity.logs.join('')).toContain('"staff invitation refused: wrong current password"');

      const right = await client.post('/admin/staff', { ...input, currentPassword: admin.password });
      expect(right.status).toBe(201);
      expect(right.body.role).toBe(role);
    },
  );

  test('POST /auth/accept-invitation sets the password once (S3 policy); then the new staff member enrols and signs in', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    const token = await invitationToken(input.email);
    const visitor = identity.client();

    const weak = await visitor.post('/auth/accept-invitation', {
      token,
      password: 'password1',
      code: '123456',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({
      password: 'This password is too common. Please choose a less common one.',
    });
    const wrong = await visitor.post('/auth/accept-invitation', {
      token: `${token.slice(0, -2)}xx`,
      password: 'a long new staff passphrase',
      code: '123456',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'This invitation is invalid or has expired',
      code: 'invitation_invalid',
    });

    const member: StaffCredentials = { email: input.email, password: 'a long new staff passphrase' };
    const proofOf = async () =>
      (
        await identity.sql<{ at: string | null }>('select email_proved_at as at from users where id = ?', [
          id,
        ])
      )[0].at;
    expect(await proofOf()).toBeNull();
    const accepted = await acceptWithApp(token, member, visitor);
    expect(accepted.status).toBe(200);
    // the link reached the invitee's inbox: the address is proved theirs (T23)
    expect(await proofOf()).toEqual(expect.any(String));
    expect(accepted.body).toEqual({
      message: 'Your password and authenticator app are set. Please sign in.',
    });
    expect(accepted.headers['x-tullab-set-cookie']).toBeUndefined();
    const again = await visitor.post('/auth/accept-invitation', {
      token,
      password: 'yet another passphrase 2',
      code: await totpFor(member),
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: 'This invitation is invalid or has expired',
      code: 'invitation_invalid',
    });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'invite' }),
      { action: 'accept-invitation', actor_id: id, from_status: null, to_status: null },
    ]);

    const staff = await signInStaff(identity, member);
    expect((await staff.get('/auth/user')).body.user).toMatchObject({ id, role: 'staff', mfaEnrolled: true });
    expect((await client.get(`/admin/staff/${id}`)).body).toMatchObject({
      invitationPending: false,
      mfaEnrolled: true,
      lastSeenAt: expect.any(String),
    });
    // the sign-in's code is the third time-step of the new secret, so the test waits for the clock up to 30 s, as a
    // person waits for their app's next code (a time-step is accepted once, S37)
  }, 70_000);

  test('an expired invitation, or one for a disabled account, cannot be accepted', async () => {
    const { admin, client } = await signedInAdmin();
    const late = invitee();
    const lateToken = async () => invitationToken(late.email);
    const lateId = await invite(admin, client, late);
    const lateCredentials: StaffCredentials = { email: late.email, password: 'a long new staff passphrase' };
    const lateVisitor = identity.client();
    const shown = await lateVisitor.post('/auth/accept-invitation/enrollment', { token: await lateToken() });
    lateCredentials.secret = shown.body.secret as string;
    await identity.sql(
      "update staff_invitations set expires_at = now() - interval '1 second' where user_id = ?",
      [lateId],
    );
    const refused = { message: 'This invitation is invalid or has expired', code: 'invitation_invalid' };
    const tooLate = await lateVisitor.post('/auth/accept-invitation', {
      token: await lateToken(),
      password: lateCredentials.password,
      code: await totpFor(lateCredentials),
    });
    expect([tooLate.status, tooLate.body]).toEqual([400, refused]);
    const keyTooLate = await lateVisitor.post('/auth/accept-invitation/enrollment', {
      token: await lateToken(),
    });
    expect([keyTooLate.status, keyTooLate.body]).toEqual([400, refused]);

    const off = invitee();
    const offId = await invite(admin, client, off);
    expect((await client.post(`/admin/staff/${offId}/disable`)).status).toBe(200);
    const offKey = await identity
      .client()
      .post('/auth/accept-invitation/enrollment', { token: await invitationToken(off.email) });
    expect([offKey.status, offKey.body]).toEqual([400, refused]);
    const [row] = await identity.sql('select password_hash, mfa_secret from users where id = ?', [offId]);
    expect(row).toEqual({ password_hash: null, mfa_secret: null });
  });
});
