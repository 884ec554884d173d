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
  type StaffMember,
  type TestClient,
  type TestIdentity,
} from './helpers';

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
  const mail = mails.at(-1);
  if (mail?.payload.template !== 'staff-invitation' || !mail.payload.sealed) throw new Error('no invitation');
  return unseal(INTERNAL_SECRET, mail.payload.sealed).token;
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
    const [user] = await identity.sql<{ password_hash: string | null }>(
      'select password_hash from users where id = ?',
      [id],
    );
    expect(user.password_hash).toBeNull();

    const [mail] = await identity.mails(input.email);
    expect(mail.payload).toEqual({
      to: input.email,
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
    const { client } = await signedInAdmin();
    const { student } = await registered(identity);
    const taken = await client.post('/admin/staff', { ...invitee(), email: student.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'An account with this email already exists' });
    for (const role of ['student', 'owner', undefined]) {
      const res = await client.post('/admin/staff', { ...invitee(), role });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ role: 'Role must be staff or admin' });
    }
    const email = await client.post('/admin/staff', { ...invitee(), email: 'nope' });
    expect(email.body.errors).toEqual({ email: 'Please enter a valid email address' });
  });

  test('POST /auth/accept-invitation sets the password once (S3 policy); then the new staff member enrols and signs in', async () => {
    const { client } = await signedInAdmin();
    const input = invitee();
    const id = (await client.post('/admin/staff', input)).body.id as string;
    const token = await invitationToken(input.email);
    const visitor = identity.client();

    const weak = await visitor.post('/auth/accept-invitation', { token, password: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({
      password: 'This password is too common. Please choose a less common one.',
    });
    const wrong = await visitor.post('/auth/accept-invitation', {
      token: `${token.slice(0, -2)}xx`,
      password: 'a long new staff passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'This invitation is invalid or has expired' });

    const password = 'a long new staff passphrase';
    const accepted = await visitor.post('/auth/accept-invitation', { token, password });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ message: 'Your password is set. Please sign in.' });
    expect(accepted.headers['x-tullab-set-cookie']).toBeUndefined();
    const again = await visitor.post('/auth/accept-invitation', {
      token,
      password: 'yet another passphrase 2',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'This invitation is invalid or has expired' });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'invite' }),
      { action: 'accept-invitation', actor_id: id, from_status: null, to_status: null },
    ]);

    const staff = await signInStaff(identity, { email: input.email, password });
    expect((await staff.get('/auth/user')).body.user).toMatchObject({ id, role: 'staff', mfaEnrolled: true });
    expect((await client.get(`/admin/staff/${id}`)).body).toMatchObject({
      invitationPending: false,
      mfaEnrolled: true,
      lastSeenAt: expect.any(String),
    });
  });

  test('an expired invitation, or one for a disabled account, cannot be accepted', async () => {
    const { client } = await signedInAdmin();
    const late = invitee();
    const lateId = (await client.post('/admin/staff', late)).body.id as string;
    await identity.sql(
      "update staff_invitations set expires_at = now() - interval '1 second' where user_id = ?",
      [lateId],
    );
    const password = 'a long new staff passphrase';
    expect(
      (
        await identity
          .client()
          .post('/auth/accept-invitation', { token: await invitationToken(late.email), password })
      ).status,
    ).toBe(400);

    const off = invitee();
    const offId = (await client.post('/admin/staff', off)).body.id as string;
    expect((await client.post(`/admin/staff/${offId}/disable`)).status).toBe(200);
    expect(
      (
        await identity
          .client()
          .post('/auth/accept-invitation', { token: await invitationToken(off.email), password })
      ).status,
    ).toBe(400);
    const [row] = await identity.sql('select password_hash from users where id = ?', [offId]);
    expect(row).toEqual({ password_hash: null });
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
    expect(alone.body).toEqual({ message: 'There must always be at least one enabled admin' });

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
    expect(self.body).toEqual({ message: 'You cannot disable your own account' });
    expect((await client.get('/auth/user')).status).toBe(200);
  });
});
