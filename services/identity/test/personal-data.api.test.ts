import { randomUUID } from 'node:crypto';
import { createEnvelope } from '@tullab/events';
import { signIdentity } from '@tullab/http';
import request from 'supertest';
import {
  codeOf,
  INTERNAL_SECRET,
  newStaff,
  registered,
  signInStaff,
  startIdentity,
  type TestClient,
  type TestIdentity,
} from './helpers';

let identity: TestIdentity;
let staff: TestClient;
let admin: TestClient;

beforeAll(async () => {
  identity = await startIdentity();
  staff = await signInStaff(identity, await newStaff(identity, 'staff'));
  admin = await signInStaff(identity, await newStaff(identity, 'admin'));
});

afterAll(async () => {
  await identity?.close();
});

const idOf = async (client: TestClient) => (await identity.resolve(client.sid!)).body.userId as string;

const auditOf = (id: string) =>
  identity.sql<{ action: string; actor_id: string; actor_role: string; to_status: string; reason: string }>(
    `select action, actor_id, actor_role, to_status, reason from audit_log where resource_id = ? order by created_at`,
    [id],
  );

const deletions = (id: string) =>
  identity.sql<{ payload: { userId: string; emails: string[]; actor: object } }>(
    `select payload from outbox where name = 'account.deleted' and payload->>'userId' = ?`,
    [id],
  );

/** POST /internal/personal-data as the gateway makes it, signed with `caller`'s identity. */
const exportAs = async (client: TestClient, userId: string) =>
  request(identity.url)
    .post('/internal/personal-data')
    .set(signIdentity(await client.caller(), INTERNAL_SECRET, 'identity'))
    .send({ userId });

describe('POST /students/delete-account (decision 009)', () => {
  test('with the password: every session ends, the person is anonymised, audited, and account.deleted is stored', async () => {
    const { student, user, client } = await registered(identity, { phone: '+971 50 765 4321' });
    await client.post('/students/profile', {
      firstName: 'Layla',
      lastName: 'Hassan',
      email: student.email,
      phoneNumber: '+971 50 765 4321',
    });
    const laptop = identity.client();
    await laptop.post('/auth/login', { email: student.email, password: student.password });
    await identity.sql(
      "update users set student_email = 'layla.h@cud.ac.ae', institution_name = 'Canadian University Dubai' where id = ?",
      [user.id],
    );

    const res = await client.post('/students/delete-account', { currentPassword: student.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account and personal data have been deleted.' });
    expect(client.sid).toBeNull();
    expect(await identity.sql('select id from sessions where user_id = ?', [user.id])).toEqual([]);
    expect((await identity.resolve(laptop.sid!)).status).toBe(401);

    const [row] = await identity.sql<Record<string, unknown>>('select * from users where id = ?', [user.id]);
    expect(row).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      password_hash: null,
      first_name: '',
      last_name: '',
      phone: null,
      student_email: null,
      institution_name: null,
      email_marketing: false,
      disabled_at: expect.any(String),
      deleted_at: expect.any(String),
    });
    expect(JSON.stringify(row)).not.toContain(student.email);
    expect(JSON.stringify(row)).not.toContain('Canadian University');
    expect(await identity.sql('select * from student_profile where user_id = ?', [user.id])).toEqual([]);

    expect(await auditOf(user.id)).toEqual([
      {
        action: 'delete-account',
        actor_id: user.id,
        actor_role: 'student',
        to_status: 'deleted',
        reason: null,
      },
    ]);
    // typed at sign-up and never proved, it names no address (T23); the student e-mail is verification's to name
    expect((await deletions(user.id)).map((r) => r.payload)).toEqual([
      {
        userId: user.id,
        emails: [],
        deletedAt: expect.any(String),
        actor: { userId: user.id, role: 'student' },
      },
    ]);
  });

  test('account.deleted and the export name the account’s e-mail once the person proved it with a password-reset code (T23); the proof goes with the address', async () => {
    const { student, user, client } = await registered(identity);
    const proofOf = async () =>
      (
        await identity.sql<{ at: string | null }>('select email_proved_at as at from users where id = ?', [
          user.id,
        ])
      )[0].at;
    expect(await proofOf()).toBeNull();
    expect((await exportAs(client, user.id)).body.emails).toEqual([]);
    // a code asked for and never entered proves nothing
    expect((await identity.client().post('/auth/forgot-password', { email: student.email })).status).toBe(
      202,
    );
    expect(await proofOf()).toBeNull();
    const mails = await identity.mails(student.email);
    const verified = await identity
      .client()
      .post('/auth/verify-reset-otp', { email: student.email, otp: codeOf(mails[mails.length - 1]) });
    expect(verified.status).toBe(200);
    expect(await proofOf()).toEqual(expect.any(String));
    const exported = await exportAs(client, user.id);
    expect(exported.body.emails).toEqual([student.email]);
    expect(exported.body.data.account.emailProvedAt).toEqual(expect.any(String));

    expect(
      (await client.post('/students/delete-account', { currentPassword: student.password })).status,
    ).toBe(200);
    expect((await deletions(user.id)).map((r) => r.payload.emails)).toEqual([[student.email]]);
    expect(await proofOf()).toBeNull();
    // whichever code changes an e-mail, the database drops the proof of the old one
    await identity.sql('update users set email_proved_at = now() where id = ?', [user.id]);
    await identity.sql('update users set email = ? where id = ?', [
      `renamed-${user.id}@deleted.invalid`,
      user.id,
    ]);
    expect(await proofOf()).toBeNull();
  });

  test('a deleted account cannot sign in: the same 401 as a wrong password', async () => {
    const { student, client } = await registered(identity);
    await client.post('/students/delete-account', { currentPassword: student.password });
    const deleted = await identity
      .client()
      .post('/auth/login', { email: student.email, password: student.password });
    const wrong = await identity
      .client()
      .post('/auth/login', { email: student.email.replace('@', '+x@'), password: 'not the password 1' });
    expect(deleted.status).toBe(401);
    expect(deleted.body).toEqual(wrong.body);
    expect(deleted.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });

  test('the same e-mail registers again afterwards: a fresh account with nothing of the old one', async () => {
    const { student, user, client } = await registered(identity);
    await client.post('/students/delete-account', { currentPassword: student.password });
    const again = await identity.client().post('/auth/register', { ...student, firstName: 'Mona' });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(user.id);
    expect(again.body.user).toMatchObject({ email: student.email, firstName: 'Mona' });
  });

  test('a wrong password → 400 naming the field, counted as a failed sign-in (S11); nothing is deleted', async () => {
    const { user, client } = await registered(identity);
    const res = await client.post('/students/delete-account', { currentPassword: 'not my password 1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Current password is incorrect',
      code: 'wrong_current_password',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    const [row] = await identity.sql<{ failed_login_count: number; deleted_at: Date | null }>(
      'select failed_login_count, deleted_at from users where id = ?',
      [user.id],
    );
    expect(row).toEqual({ failed_login_count: 1, deleted_at: null });
    expect(await deletions(user.id)).toEqual([]);
    const missing = await client.post('/students/delete-account', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Please enter your password' });
  });

  test('a visitor → 401, staff and admins → 403 (their accounts are not deleted this way)', async () => {
    expect((await identity.client().post('/students/delete-account', { currentPassword: 'x' })).status).toBe(
      401,
    );
    expect((await staff.post('/students/delete-account', { currentPassword: 'x' })).status).toBe(403);
    expect((await admin.post('/students/delete-account', { currentPassword: 'x' })).status).toBe(403);
  });
});

describe('POST /admin/students/:id/delete', () => {
  test('an admin deletes a student on request: audited with the admin and the reason; a second time → 409', async () => {
    const { student, user, client } = await registered(identity);
    const adminId = await idOf(admin);
    const res = await admin.post(`/admin/students/${user.id}/delete`, {
      reason: 'Asked by e-mail, ticket 42',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: `deleted-${user.id}@deleted.invalid`,
      disabled: true,
    });
    expect(res.body.deletedAt).toEqual(expect.any(String));
    expect((await identity.resolve(client.sid!)).status).toBe(401);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(401);
    expect(await auditOf(user.id)).toEqual([
      {
        action: 'delete-account',
        actor_id: adminId,
        actor_role: 'admin',
        to_status: 'deleted',
        reason: 'Asked by e-mail, ticket 42',
      },
    ]);
    expect((await deletions(user.id))[0].payload.actor).toEqual({ userId: adminId, role: 'admin' });

    const again = await admin.post(`/admin/students/${user.id}/delete`, {});
    expect(again.status).toBe(409);
    // a deleted account takes no other action either
    expect((await admin.post(`/admin/students/${user.id}/enable`, {})).status).toBe(409);
  });

  test('staff who are not admins → 403, a student → 403, nothing is deleted; an unknown id → 404', async () => {
    const { user, client } = await registered(identity);
    expect((await staff.post(`/admin/students/${user.id}/delete`, {})).status).toBe(403);
    expect((await client.post(`/admin/students/${user.id}/delete`, {})).status).toBe(403);
    expect(await deletions(user.id)).toEqual([]);
    expect((await admin.post(`/admin/students/${randomUUID()}/delete`, {})).status).toBe(404);
    const staffId = await idOf(staff);
    expect((await admin.post(`/admin/students/${staffId}/delete`, {})).status).toBe(404);
  });
});

describe('POST /internal/personal-data (identity’s part of the export)', () => {
  test('the student’s own: account, verification, profile, sessions; no password hash or token', async () => {
    const { student, user, client } = await registered(identity);
    const res = await exportAs(client, user.id);
    expect(res.status).toBe(200);
    // typed at sign-up, not proved (T23)
    expect(res.body.emails).toEqual([]);
    expect(res.body.data).toMatchObject({
      account: { id: user.id, email: student.email, firstName: 'Layla', lastName: 'Hassan', deletedAt: null },
      verification: { status: 'none', studentEmail: null, institution: null },
      sessions: [{ createdAt: expect.any(String), lastSeenAt: expect.any(String) }],
    });
    expect(res.text).not.toMatch(/password|token|hash/i);
    expect(await auditOf(user.id)).toEqual([]);
  });

  test('the verification names the institution it was made at', async () => {
    const { user, client } = await registered(identity);
    await identity.deliver(
      createEnvelope('verification.status_changed', {
        userId: user.id,
        status: 'active',
        changedAt: new Date().toISOString(),
        studentEmail: 'layla@uaeu.ac.ae',
        institutionName: 'United Arab Emirates University',
      }),
    );
    const res = await exportAs(client, user.id);
    expect(res.body.data.verification).toMatchObject({
      status: 'active',
      studentEmail: 'layla@uaeu.ac.ae',
      institution: 'United Arab Emirates University',
    });
  });

  test('another student’s → 403; an admin’s is audited with the admin; staff → 403', async () => {
    const { user } = await registered(identity);
    const other = await registered(identity);
    expect((await exportAs(other.client, user.id)).status).toBe(403);
    expect((await exportAs(staff, user.id)).status).toBe(403);
    const byAdmin = await exportAs(admin, user.id);
    expect(byAdmin.status).toBe(200);
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        action: 'export-personal-data',
        actor_id: await idOf(admin),
        actor_role: 'admin',
      }),
    ]);
    expect((await exportAs(admin, randomUUID())).status).toBe(404);
  });
});
