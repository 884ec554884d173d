import { randomUUID } from 'node:crypto';
import { unseal } from '@tullab/events';
import { sha256Hex } from '@tullab/http';
import { uniqueName } from '@tullab/testing';
import {
  INTERNAL_SECRET,
  newStaff,
  registered,
  signInStaff,
  startIdentity,
  totpFor,
  type StaffCredentials,
  type StaffMember,
  type TestClient,
  type TestIdentity,
} from './helpers';
import { wrongCode } from './mfa.fixture';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

/** A new admin, signed in with their second factor. */
async function signedInAdmin(): Promise<{ admin: StaffMember; client: TestClient }> {
  const admin = await newStaff(identity, 'admin');
  return { admin, client: await signInStaff(identity, admin) };
}

const invitee = () => ({
  email: `${uniqueName('invitee')}@tullab.test`,
  firstName: 'Sara',
  lastName: 'Nasser',
  role: 'staff',
});

/** The token sealed into the latest staff-invitation e-mail to `to`. */
async function invitationToken(to: string): Promise<string> {
  const mails = await identity.mails(to);
  const mail = mails.filter((row) => row.payload.template === 'staff-invitation').at(-1);
  if (!mail?.payload.sealed) throw new Error('no invitation');
  return unseal(INTERNAL_SECRET, mail.payload.sealed).token;
}

/** An admin's invitation of a new staff member, confirmed with the admin's own password; answers the new id. */
async function invite(admin: StaffMember, client: TestClient, input = invitee()): Promise<string> {
  const res = await client.post('/admin/staff', { ...input, currentPassword: admin.password });
  if (res.status !== 201) throw new Error(`invite answered ${res.status}: ${res.text}`);
  return res.body.id as string;
}

/**
 * The accept page as the console uses it: it shows the authenticator key of the invitation (kept on the returned
 * credentials, as the new staff member's app keeps it), then sends the password with the app's code.
 */
async function acceptWithApp(token: string, credentials: StaffCredentials, visitor = identity.client()) {
  const enrolment = await visitor.post('/auth/accept-invitation/enrollment', { token });
  if (enrolment.status !== 200) throw new Error(`enrolment answered ${enrolment.status}: ${enrolment.text}`);
  credentials.secret = enrolment.body.secret as string;
  const code = await totpFor(credentials);
  return visitor.post('/auth/accept-invitation', { token, password: credentials.password, code });
}

const auditOf = (id: string) =>
  identity.sql<{ action: string; actor_id: string; from_status: string | null; to_status: string | null }>(
    'select action, actor_id, from_status, to_status from audit_log where resource_id = ? order by created_at',
    [id],
  );

describe('who may use /admin/staff', () => {
  test('admins only: staff and students get 403 on every route, visitors 401', async () => {
    const member = await newStaff(identity, 'staff');
    const staff = await signInStaff(identity, member);
    const { client: student } = await registered(identity);
    const id = member.id;
    for (const client of [staff, student]) {
      expect((await client.get('/admin/staff')).status).toBe(403);
      expect((await client.get(`/admin/staff/${id}`)).status).toBe(403);
      expect((await client.post('/admin/staff', invitee())).status).toBe(403);
      expect((await client.put(`/admin/staff/${id}`, { role: 'admin', currentPassword: 'x' })).status).toBe(
        403,
      );
      expect((await client.post(`/admin/staff/${id}/disable`)).status).toBe(403);
      expect((await client.post(`/admin/staff/${id}/enable`)).status).toBe(403);
    }
    expect((await identity.client().get('/admin/staff')).status).toBe(401);
    // staff still use the students list and the audit log
    expect((await staff.get('/admin/students')).status).toBe(200);
    expect((await staff.get('/admin/identity-audit-log')).status).toBe(200);
    expect((await student.get('/admin/identity-audit-log')).status).toBe(403);
  });
});

describe('GET /admin/staff', () => {
  test('lists staff and admins, not students, with role and second-factor state', async () => {
    const { client } = await signedInAdmin();
    const member = await newStaff(identity, 'staff');
    const { user: student } = await registered(identity);
    const res = await client.get(
      `/admin/staff?filter=${encodeURIComponent(JSON.stringify({ q: member.email }))}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('staff 0-0/1');
    expect(res.body).toEqual([
      {
        id: member.id,
        email: member.email,
        firstName: 'Mariam',
        lastName: 'Haddad',
        role: 'staff',
        disabled: false,
        mfaEnrolled: false,
        invitationPending: false,
        createdAt: expect.any(String),
        lastSeenAt: null,
      },
    ]);
    const admins = await client.get(
      `/admin/staff?filter=${encodeURIComponent(JSON.stringify({ role: ['admin'] }))}&range=[0,99]`,
    );
    expect(admins.body.length).toBeGreaterThan(0);
    expect(admins.body.every((r: { role: string; mfaEnrolled: boolean }) => r.role === 'admin')).toBe(true);
    const everyone = await client.get('/admin/staff?range=[0,99]');
    expect(everyone.body.map((r: { id: string }) => r.id)).not.toContain(student.id);
    expect((await client.get(`/admin/staff/${student.id}`)).status).toBe(404);
    expect((await client.get(`/admin/staff/${member.id}`)).body.id).toBe(member.id);
  });
});

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

  test('the accept page shows an authenticator key for the invitation: sealed in it, the same on a reload, and only to a live token', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    const token = await invitationToken(input.email);

    const enrolment = await identity.client().post('/auth/accept-invitation/enrollment', { token });
    expect(enrolment.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = enrolment.body as Record<string, string>;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Tullab:${encodeURIComponent(input.email)}?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Tullab`,
    );
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // a reload (or another tab) shows the same key, so an app already set up with it stays right
    expect((await identity.client().post('/auth/accept-invitation/enrollment', { token })).body.secret).toBe(
      secret,
    );
    const [invitation] = await identity.sql<{ pending_mfa_secret: string }>(
      'select pending_mfa_secret from staff_invitations where user_id = ?',
      [id],
    );
    expect(invitation.pending_mfa_secret).toEqual(expect.any(String));
    expect(invitation.pending_mfa_secret).not.toContain(secret);
    const [user] = await identity.sql('select mfa_secret, mfa_enrolled_at from users where id = ?', [id]);
    expect(user).toEqual({ mfa_secret: null, mfa_enrolled_at: null });

    for (const body of [{ token: `${token.slice(0, -2)}xx` }, {}]) {
      const refused = await identity.client().post('/auth/accept-invitation/enrollment', body);
      expect(refused.status).toBe(400);
    }
    expect(identity.logs.join('')).not.toContain(secret);
  });

  test('accepting sets up the authenticator with the password, in one step: a right code is needed, the owner is e-mailed, and the next sign-in asks its code', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    const token = await invitationToken(input.email);
    const member: StaffCredentials = { email: input.email, password: 'a long new staff passphrase' };
    const visitor = identity.client();

    // the page has shown no key yet: there is nothing a code could confirm
    const unseen = await visitor.post('/auth/accept-invitation', {
      token,
      password: member.password,
      code: '123456',
    });
    expect(unseen.status).toBe(409);
    expect(unseen.body).toEqual({
      message: 'Please set up your authenticator app first',
      code: 'mfa_not_enrolled',
    });
    const missing = await visitor.post('/auth/accept-invitation', { token, password: member.password });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      code: 'Please enter the 6-digit code from your authenticator app',
    });

    member.secret = (await visitor.post('/auth/accept-invitation/enrollment', { token })).body.secret;
    const right = await totpFor(member);
    const wrong = await visitor.post('/auth/accept-invitation', {
      token,
      password: member.password,
      code: wrongCode(member.secret!),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Invalid authentication code',
      code: 'code_invalid',
      errors: { code: 'Invalid authentication code' },
    });
    const [before] = await identity.sql('select password_hash, mfa_secret from users where id = ?', [id]);
    expect(before).toEqual({ password_hash: null, mfa_secret: null });

    const accepted = await visitor.post('/auth/accept-invitation', {
      token,
      password: member.password,
      code: right,
    });
    expect(accepted.status).toBe(200);
    const [after] = await identity.sql<{
      has_password: boolean;
      mfa_secret: string;
      enrolled: boolean;
      mfa_enrol_at_sign_in: boolean;
      pending_mfa_secret: string | null;
    }>(
      `select u.password_hash is not null as has_password, u.mfa_secret, u.mfa_enrolled_at is not null as enrolled,
              u.mfa_enrol_at_sign_in, i.pending_mfa_secret
         from users u join staff_invitations i on i.user_id = u.id where u.id = ?`,
      [id],
    );
    expect(after).toMatchObject({
      has_password: true,
      enrolled: true,
      mfa_enrol_at_sign_in: false,
      pending_mfa_secret: null,
    });
    expect(after.mfa_secret).not.toContain(member.secret);
    expect((await client.get(`/admin/staff/${id}`)).body).toMatchObject({
      invitationPending: false,
      mfaEnrolled: true,
    });

    // the owner learns of it at once: when, and never the key
    const mail = (await identity.mails(input.email)).at(-1)!;
    expect(mail.payload).toEqual({
      to: input.email,
      userId: id,
      template: 'staff-second-factor-enrolled',
      data: { firstName: 'Sara', enrolledAt: expect.any(String) },
    });
    expect(Date.now() - Date.parse(mail.payload.data.enrolledAt)).toBeLessThan(60_000);
    expect(JSON.stringify(mail.payload)).not.toContain(member.secret);

    // the code used to accept is spent; the sign-in asks a code of the app set up, and offers no new set-up
    const browser = identity.client();
    const login = await browser.post('/auth/login', { email: member.email, password: member.password });
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: true });
    expect((await browser.post('/auth/mfa/enrollment')).status).toBe(409);
    const replayed = await browser.post('/auth/mfa/verify', { code: right });
    expect(replayed.status).toBe(400);
    expect((await browser.post('/auth/mfa/verify', { code: await totpFor(member) })).status).toBe(200);
    expect((await browser.get('/auth/user')).body.user).toMatchObject({ id, mfaEnrolled: true });
    expect(identity.logs.join('')).toContain('"staff invitation accepted; password and second factor set"');
  });

  test('an invited account never sets up its authenticator at a sign-in, even with a password it got another way', async () => {
    const { admin, client } = await signedInAdmin();
    const input = invitee();
    const id = await invite(admin, client, input);
    // say a password reached the account without the invitation (the password is the admin's, to know it)
    await identity.sql(
      'update users set password_hash = (select password_hash from users where id = ?) where id = ?',
      [admin.id, id],
    );
    const browser = identity.client();
    const login = await browser.post('/auth/login', { email: input.email, password: admin.password });
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: false });
    const enrolment = await browser.post('/auth/mfa/enrollment');
    expect(enrolment.status).toBe(403);
    expect(enrolment.body).toEqual({
      message:
        'Your authenticator app is set up when you accept your invitation. Please ask an administrator for help.',
      code: 'mfa_enrolment_closed',
    });
    // a secret slipped into the challenge some other way confirms nothing either
    await identity.sql(
      'update mfa_challenges set pending_secret = (select mfa_secret from users where id = ?) where user_id = ?',
      [admin.id, id],
    );
    const verify = await browser.post('/auth/mfa/verify', { code: await totpFor(admin) });
    expect(verify.status).toBe(409);
    expect(browser.sid).toBeNull();
    const [row] = await identity.sql('select mfa_secret, mfa_enrolled_at from users where id = ?', [id]);
    expect(row).toEqual({ mfa_secret: null, mfa_enrolled_at: null });
    expect(identity.logs.join('')).toContain('"second factor enrolment refused: not at sign-in"');

    // the invitation still works, and sets up the authenticator
    const member: StaffCredentials = { email: input.email, password: 'a long new staff passphrase' };
    expect((await acceptWithApp(await invitationToken(input.email), member)).status).toBe(200);
    await signInStaff(identity, member);
  });
});

describe('PUT /admin/staff/:id (role changes)', () => {
  test('needs the acting admin’s current password: missing → 400, wrong → 400 and counted (S11)', async () => {
    const { admin, client } = await signedInAdmin();
    const member = await newStaff(identity);
    const missing = await client.put(`/admin/staff/${member.id}`, { role: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Please enter your current password' });
    const wrong = await client.put(`/admin/staff/${member.id}`, {
      role: 'admin',
      currentPassword: 'not mine at all',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Current password is incorrect',
      code: 'wrong_current_password',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    const [row] = await identity.sql<{ role: string }>('select role from users where id = ?', [member.id]);
    expect(row.role).toBe('staff');
    const [self] = await identity.sql<{ failed_login_count: number }>(
      'select failed_login_count from users where id = ?',
      [admin.id],
    );
    expect(self.failed_login_count).toBe(1);
    expect(await auditOf(member.id)).toEqual([]);
  });

  test('with the password: the role changes, every session of that account ends (S7), audited', async () => {
    const { admin, client } = await signedInAdmin();
    const member = await newStaff(identity);
    const staff = await signInStaff(identity, member);
    // react-admin sends the whole record; only the role is taken
    const res = await client.put(`/admin/staff/${member.id}`, {
      id: member.id,
      email: 'other@tullab.test',
      role: 'admin',
      disabled: true,
      currentPassword: admin.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, email: member.email, role: 'admin', disabled: false });
    expect((await identity.resolve(staff.sid!)).status).toBe(401);
    expect(await auditOf(member.id)).toEqual([
      { action: 'change-role', actor_id: admin.id, from_status: 'staff', to_status: 'admin' },
    ]);
    // the same role again changes nothing
    expect(
      (await client.put(`/admin/staff/${member.id}`, { role: 'admin', currentPassword: admin.password }))
        .status,
    ).toBe(200);
    expect(await auditOf(member.id)).toHaveLength(1);
    // and back
    const back = await client.put(`/admin/staff/${member.id}`, {
      role: 'staff',
      currentPassword: admin.password,
    });
    expect(back.body.role).toBe('staff');
    expect(
      (await client.put(`/admin/staff/${randomUUID()}`, { role: 'staff', currentPassword: admin.password }))
        .status,
    ).toBe(404);
  });

  test('the last enabled admin cannot demote themself; with another admin they can, and their sessions end', async () => {
    const { admin, client } = await signedInAdmin();
    // every other admin of this test file is disabled: this one is the last
    await identity.sql("update users set disabled_at = now() where role = 'admin' and id <> ?", [admin.id]);
    const alone = await client.put(`/admin/staff/${admin.id}`, {
      role: 'staff',
      currentPassword: admin.password,
    });
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({
      message: 'There must always be at least one enabled admin',
      code: 'last_admin',
    });

    const other = await newStaff(identity, 'admin');
    const res = await client.put(`/admin/staff/${admin.id}`, {
      role: 'staff',
      currentPassword: admin.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('staff');
    expect((await client.get('/auth/user')).status).toBe(401);
    const [row] = await identity.sql<{ role: string }>('select role from users where id = ?', [other.id]);
    expect(row.role).toBe('admin');
  });

  test('two last admins demoting each other at once: exactly one succeeds', async () => {
    const first = await signedInAdmin();
    const second = await signedInAdmin();
    await identity.sql("update users set disabled_at = now() where role = 'admin' and id not in (?, ?)", [
      first.admin.id,
      second.admin.id,
    ]);
    const answers = await Promise.all([
      first.client.put(`/admin/staff/${second.admin.id}`, {
        role: 'staff',
        currentPassword: first.admin.password,
      }),
      second.client.put(`/admin/staff/${first.admin.id}`, {
        role: 'staff',
        currentPassword: second.admin.password,
      }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const admins = await identity.sql("select id from users where role = 'admin' and disabled_at is null");
    expect(admins).toHaveLength(1);
  });
});

describe('disabling staff', () => {
  test('ends their sessions and blocks sign-in, audited; enable undoes it; nobody disables themself', async () => {
    const { admin, client } = await signedInAdmin();
    const member = await newStaff(identity);
    const staff = await signInStaff(identity, member);
    const res = await client.post(`/admin/staff/${member.id}/disable`, { reason: 'Left the company' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, disabled: true });
    expect((await identity.resolve(staff.sid!)).status).toBe(401);
    expect(
      (await identity.client().post('/auth/login', { email: member.email, password: member.password }))
        .status,
    ).toBe(401);
    expect((await client.post(`/admin/staff/${member.id}/enable`)).body.disabled).toBe(false);
    expect(await auditOf(member.id)).toEqual([
      { action: 'disable', actor_id: admin.id, from_status: 'enabled', to_status: 'disabled' },
      { action: 'enable', actor_id: admin.id, from_status: 'disabled', to_status: 'enabled' },
    ]);

    const self = await client.post(`/admin/staff/${admin.id}/disable`);
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ message: 'You cannot disable your own account', code: 'own_account' });
    expect((await client.get('/auth/user')).status).toBe(200);
  });
});
