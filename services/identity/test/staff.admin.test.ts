import { randomUUID } from 'node:crypto';
import { startedForTests } from '@tullab/testing';
import { newStaff, registered, signInStaff, startIdentity } from './helpers';
import { invitee, staffTests } from './staff.fixture';

const identity = startedForTests(startIdentity);
const { signedInAdmin, auditOf } = staffTests(identity);

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
