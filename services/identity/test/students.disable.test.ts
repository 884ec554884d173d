import { randomUUID } from 'node:crypto';
import { startedForTests } from '@tullab/testing';
import { newStaff, registered, signInStaff, startIdentity, type TestClient } from './helpers';

const identity = startedForTests(startIdentity);
let staff: TestClient;

beforeAll(async () => {
  staff = await signInStaff(identity, await newStaff(identity, 'staff'));
});

interface AuditRow {
  action: string;
  resource: string;
  resource_id: string;
  actor_id: string;
  actor_role: string;
  subject_id: string;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
}

const auditOf = (id: string) =>
  identity.sql<AuditRow>(
    `select action, resource, resource_id, actor_id, actor_role, subject_id, from_status, to_status, reason
       from audit_log where resource_id = ? order by created_at`,
    [id],
  );

describe('disable, enable, end sessions', () => {
  test('disable ends every session and blocks sign-in (S9), audited with the reason; enable lets them in again', async () => {
    const { student, user, client } = await registered(identity);
    const laptop = identity.client();
    await laptop.post('/auth/login', { email: student.email, password: student.password });
    const staffId = (await identity.resolve(staff.sid!)).body.userId;

    const res = await staff.post(`/admin/students/${user.id}/disable`, { reason: 'Fraudulent documents' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, disabled: true, lastSeenAt: null });
    expect((await identity.resolve(client.sid!)).status).toBe(401);
    expect((await identity.resolve(laptop.sid!)).status).toBe(401);
    expect(await identity.sql('select id from sessions where user_id = ?', [user.id])).toEqual([]);
    const refused = await identity
      .client()
      .post('/auth/login', { email: student.email, password: student.password });
    expect(refused.status).toBe(401);

    const again = await staff.post(`/admin/students/${user.id}/disable`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This account is already disabled', code: 'conflict' });

    const enabled = await staff.post(`/admin/students/${user.id}/enable`, {});
    expect(enabled.body).toMatchObject({ id: user.id, disabled: false });
    expect((await staff.post(`/admin/students/${user.id}/enable`)).status).toBe(409);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);

    expect(await auditOf(user.id)).toEqual([
      {
        action: 'disable',
        resource: 'students',
        resource_id: user.id,
        actor_id: staffId,
        actor_role: 'staff',
        subject_id: user.id,
        from_status: 'enabled',
        to_status: 'disabled',
        reason: 'Fraudulent documents',
      },
      expect.objectContaining({
        action: 'enable',
        from_status: 'disabled',
        to_status: 'enabled',
        reason: null,
      }),
    ]);
    const log = await staff.get(
      `/admin/identity-audit-log?filter=${encodeURIComponent(JSON.stringify({ resourceId: user.id }))}`,
    );
    expect(log.headers['content-range']).toBe('identity-audit-log 0-1/2');
    expect(log.body.map((row: { action: string }) => row.action).sort()).toEqual(['disable', 'enable']);
  });

  test('end-sessions signs the student out everywhere but leaves the account enabled', async () => {
    const { student, user, client } = await registered(identity);
    const other = identity.client();
    await other.post('/auth/login', { email: student.email, password: student.password });
    const res = await staff.post(`/admin/students/${user.id}/end-sessions`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, disabled: false, lastSeenAt: null });
    expect((await identity.resolve(client.sid!)).status).toBe(401);
    expect((await identity.resolve(other.sid!)).status).toBe(401);
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({ action: 'end-sessions', from_status: null, to_status: null }),
    ]);
  });

  test('actions on staff, unknown or malformed ids, or with a bad reason → 404 / 400, nothing changes', async () => {
    const [staffRow] = await identity.sql<{ id: string }>(
      "select id from users where role = 'staff' limit 1",
    );
    expect((await staff.post(`/admin/students/${staffRow.id}/disable`)).status).toBe(404);
    expect((await staff.post(`/admin/students/${randomUUID()}/end-sessions`)).status).toBe(404);
    expect((await staff.post('/admin/students/x/enable')).status).toBe(400);
    const { user } = await registered(identity);
    const tooLong = await staff.post(`/admin/students/${user.id}/disable`, { reason: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ reason: 'The reason must be at most 1000 characters' });
    expect(await auditOf(user.id)).toEqual([]);
  });
});
