import { randomUUID } from 'node:crypto';
import { sha256Hex } from '@tullab/http';
import { startedForTests, uniqueName } from '@tullab/testing';
import { newStaff, registered, signInStaff, startIdentity, type TestClient } from './helpers';

const identity = startedForTests(startIdentity);
let staff: TestClient;

beforeAll(async () => {
  staff = await signInStaff(identity, await newStaff(identity, 'staff'));
});

const list = (client: TestClient, params: Record<string, unknown>) =>
  client.get(
    `/admin/students?${Object.entries(params)
      .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
      .join('&')}`,
  );

/** Students whose e-mails share a marker, so a list filtered by it shows only this test's students. */
async function cohort(names: Array<[string, string]>) {
  const marker = uniqueName('c').replace(/[^a-z0-9]/gi, '');
  const made = [];
  for (const [firstName, lastName] of names) {
    made.push(
      await registered(identity, {
        firstName,
        lastName,
        email: `${marker}-${lastName.toLowerCase()}@example.com`,
      }),
    );
  }
  return { marker, students: made };
}

describe('who may use /admin/students', () => {
  test('a visitor → 401, a student → 403, staff → 200', async () => {
    expect((await identity.client().get('/admin/students')).status).toBe(401);
    const { client } = await registered(identity);
    const refused = await client.get('/admin/students');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Forbidden', code: 'forbidden' });
    expect((await client.post(`/admin/students/${randomUUID()}/disable`)).status).toBe(403);
    expect((await staff.get('/admin/students')).status).toBe(200);
  });
});

describe('GET /admin/students', () => {
  test('lists students only, newest first, as records with Content-Range', async () => {
    const { marker, students } = await cohort([
      ['Layla', 'Hassan'],
      ['Omar', 'Saeed'],
    ]);
    const res = await list(staff, { filter: { q: marker } });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('students 0-1/2');
    expect(res.body.map((r: { id: string }) => r.id)).toEqual([students[1].user.id, students[0].user.id]);
    expect(res.body[0]).toEqual({
      id: students[1].user.id,
      email: students[1].user.email,
      firstName: 'Omar',
      lastName: 'Saeed',
      phone: '+971 50 123 4567',
      verificationStatus: 'none',
      studentEmail: null,
      verifiedAt: null,
      verificationExpiresAt: null,
      disabled: false,
      deletedAt: null,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    // staff (all @tullab.test here) are not students
    expect(
      (await identity.sql("select id from users where email like '%@tullab.test'")).length,
    ).toBeGreaterThan(0);
    expect((await list(staff, { filter: { q: '@tullab.test' } })).body).toEqual([]);
  });

  test('q searches first name, last name and e-mail, case-insensitively', async () => {
    const { marker } = await cohort([
      ['Layla', 'Qwertyson'],
      ['Qwertina', 'Ali'],
      ['Omar', 'Saeed'],
    ]);
    const byName = await list(staff, { filter: { q: 'QWERT' }, sort: ['lastName', 'ASC'] });
    expect(
      byName.body
        .filter((r: { email: string }) => r.email.startsWith(marker))
        .map((r: { lastName: string }) => r.lastName),
    ).toEqual(['Ali', 'Qwertyson']);
    const byEmail = await list(staff, { filter: { q: `${marker}-saeed` } });
    expect(byEmail.body.map((r: { lastName: string }) => r.lastName)).toEqual(['Saeed']);
    // % and _ are plain characters, not wildcards
    expect((await list(staff, { filter: { q: `${marker}%` } })).body).toEqual([]);
  });

  test('filters by effective verification status: an active verification past its expiry counts as expired', async () => {
    const { marker, students } = await cohort([
      ['Layla', 'Active'],
      ['Omar', 'Lapsed'],
      ['Sara', 'Pending'],
      ['Huda', 'None'],
    ]);
    const [active, lapsed, pending] = students.map((s) => s.user.id);
    await identity.sql(
      "update users set verification_status = 'active', verification_expires_at = now() + interval '1 day' where id = ?",
      [active],
    );
    await identity.sql(
      "update users set verification_status = 'active', verification_expires_at = now() - interval '1 second' where id = ?",
      [lapsed],
    );
    await identity.sql("update users set verification_status = 'pending' where id = ?", [pending]);
    const names = async (statuses: string[]) =>
      (
        await list(staff, {
          filter: { q: marker, verificationStatus: statuses },
          sort: ['lastName', 'ASC'],
        })
      ).body.map(
        (r: { lastName: string; verificationStatus: string }) => `${r.lastName}:${r.verificationStatus}`,
      );
    expect(await names(['active'])).toEqual(['Active:active']);
    expect(await names(['expired'])).toEqual(['Lapsed:expired']);
    expect(await names(['pending', 'none'])).toEqual(['None:none', 'Pending:pending']);
    expect(await names(['active', 'expired', 'pending'])).toEqual([
      'Active:active',
      'Lapsed:expired',
      'Pending:pending',
    ]);
    expect(await names([])).toEqual([]);
  });

  test('filters by disabled and by a creation date range', async () => {
    const { marker, students } = await cohort([
      ['Layla', 'Old'],
      ['Omar', 'Off'],
      ['Sara', 'New'],
    ]);
    const [old, off] = students.map((s) => s.user.id);
    await identity.sql("update users set created_at = '2026-01-15T10:00:00Z' where id = ?", [old]);
    await identity.sql('update users set disabled_at = now() where id = ?', [off]);
    const lastNames = async (filter: object) =>
      (await list(staff, { filter: { q: marker, ...filter }, sort: ['lastName', 'ASC'] })).body.map(
        (r: { lastName: string }) => r.lastName,
      );
    expect(await lastNames({ disabled: true })).toEqual(['Off']);
    expect(await lastNames({ disabled: false })).toEqual(['New', 'Old']);
    expect(await lastNames({ createdAt_gte: '2026-01-01', createdAt_lte: '2026-01-31T23:59:59Z' })).toEqual([
      'Old',
    ]);
    expect(await lastNames({ createdAt_gte: '2026-02-01' })).toEqual(['New', 'Off']);
  });

  test('sorts by e-mail and last name, pages with range, and serves getMany by id', async () => {
    const { marker, students } = await cohort([
      ['Layla', 'Cc'],
      ['Omar', 'Aa'],
      ['Sara', 'Bb'],
    ]);
    const page = await list(staff, { filter: { q: marker }, sort: ['email', 'DESC'], range: [0, 1] });
    expect(page.headers['content-range']).toBe('students 0-1/3');
    expect(page.body.map((r: { lastName: string }) => r.lastName)).toEqual(['Cc', 'Bb']);
    const next = await list(staff, { filter: { q: marker }, sort: ['email', 'DESC'], range: [2, 3] });
    expect(next.headers['content-range']).toBe('students 2-2/3');
    expect(next.body.map((r: { lastName: string }) => r.lastName)).toEqual(['Aa']);
    const many = await list(staff, {
      filter: { id: [students[0].user.id, students[2].user.id] },
      sort: ['lastName', 'ASC'],
    });
    expect(many.body.map((r: { lastName: string }) => r.lastName)).toEqual(['Bb', 'Cc']);
  });

  test('bad list parameters → 400 saying what is wrong', async () => {
    expect((await list(staff, { sort: ['phone', 'ASC'] })).body).toEqual({
      message: 'Invalid sort: cannot sort by "phone"',
      code: 'invalid_request',
    });
    expect((await list(staff, { filter: { role: 'staff' } })).body).toEqual({
      message: 'Invalid filter: cannot filter by "role"',
      code: 'invalid_request',
    });
    expect((await list(staff, { filter: { disabled: 'maybe' } })).status).toBe(400);
    expect((await staff.get('/admin/students?range=oops')).status).toBe(400);
  });
});

describe('GET /admin/students/:id', () => {
  test('one student with the latest activity of their sessions; a staff id or unknown id → 404; a malformed one → 400', async () => {
    const { user, client } = await registered(identity);
    await client.post('/auth/logout');
    const signedOut = await staff.get(`/admin/students/${user.id}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toMatchObject({
      id: user.id,
      email: user.email,
      lastSeenAt: null,
      disabled: false,
    });

    const { student, user: active, client: phone } = await registered(identity);
    await identity.client().post('/auth/login', { email: student.email, password: student.password });
    await identity.sql("update sessions set last_seen_at = now() - interval '3 days' where token_hash = ?", [
      sha256Hex(phone.sid!),
    ]);
    const [latest] = await identity.sql<{ last: Date }>(
      'select max(last_seen_at) as last from sessions where user_id = ?',
      [active.id],
    );
    const seen = await staff.get(`/admin/students/${active.id}`);
    expect(seen.body.lastSeenAt).toBe(new Date(latest.last).toISOString());
    expect(Date.now() - Date.parse(seen.body.lastSeenAt)).toBeLessThan(60_000);

    const [staffRow] = await identity.sql<{ id: string }>(
      "select id from users where role = 'staff' limit 1",
    );
    expect((await staff.get(`/admin/students/${staffRow.id}`)).body).toEqual({
      message: 'Student not found',
      code: 'not_found',
    });
    expect((await staff.get(`/admin/students/${randomUUID()}`)).status).toBe(404);
    const bad = await staff.get('/admin/students/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Not a valid account id',
      code: 'validation_failed',
      errors: { id: 'Not a valid account id' },
    });
  });
});

describe('with 10,000 students', () => {
  beforeAll(async () => {
    await identity.sql(
      `insert into users (id, email, password_hash, first_name, last_name, role, verification_status,
                          verification_expires_at, created_at, updated_at)
       select gen_random_uuid(), 'bulk' || i || '@example.com', null, 'Bulk', 'Student' || i, 'student',
              (array['none', 'pending', 'active', 'rejected'])[1 + i % 4],
              case when i % 4 = 2 then now() + (i - 5000) * interval '1 hour' end,
              now() - i * interval '1 minute', now()
         from generate_series(1, 10000) as i`,
    );
    await identity.sql(
      `insert into sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
       select gen_random_uuid(), id, encode(sha256(id::text::bytea), 'hex'), now(), now(), now() + interval '1 day'
         from users where email like 'bulk%'`,
    );
    await identity.sql('analyze users');
    await identity.sql('analyze sessions');
  });

  test('each list query answers over 10,000 students (their speed: the index plans below, not a timer)', async () => {
    const queries: Record<string, unknown>[] = [
      {},
      { sort: ['email', 'ASC'], range: [9000, 9024] },
      { sort: ['lastName', 'DESC'] },
      { filter: { q: 'student42' } },
      { filter: { verificationStatus: ['expired'] }, sort: ['createdAt', 'ASC'] },
      { filter: { disabled: false, createdAt_gte: new Date(Date.now() - 86_400_000).toISOString() } },
    ];
    for (const query of queries) {
      const res = await list(staff, query);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
    }
    const total = Number((await list(staff, {})).headers['content-range'].split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(10_000);
  });

  test('the sorted pages come from the (role, field, id) indexes, without sorting the table', async () => {
    for (const [column, index] of [
      ['created_at desc, id', 'users_role_created_idx'],
      ['email, id', 'users_role_email_idx'],
      ['last_name, id', 'users_role_last_name_idx'],
    ]) {
      const plan = await identity.sql<{ 'QUERY PLAN': string }>(
        `explain select * from users where role in ('student') order by ${column} limit 25`,
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain(index);
      expect(text).not.toMatch(/^\s*->\s*Sort\b/m);
    }
  });
});
