import request from 'supertest';
import { sha256Hex, signIdentity } from '@tullab/http';
import { startedForTests } from '@tullab/testing';
import { newStaff, newStudent, registered, signInStaff, startIdentity, visitor } from './helpers';

const identity = startedForTests(startIdentity);

describe('service contract', () => {
  test('health and readiness answer without a signature', async () => {
    expect((await request(identity.url).get('/healthz')).status).toBe(200);
    const ready = await request(identity.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ postgres: 'ok', redis: 'ok' });
  });

  test('an unsigned or forged call → 401', async () => {
    expect((await request(identity.url).get('/auth/user')).status).toBe(401);
    const forged = signIdentity(
      { ...visitor('1.2.3.4'), userId: '00000000-0000-4000-8000-000000000000', role: 'admin' },
      'x'.repeat(40),
      'identity',
    );
    expect((await request(identity.url).get('/auth/user').set(forged)).status).toBe(401);
    expect((await request(identity.url).post('/internal/sessions/resolve').send({ token: 'x' })).status).toBe(
      401,
    );
  });

  test('JSON answers are not cached', async () => {
    const res = await identity.client().get('/auth/user');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /auth/register', () => {
  test('creates a student, signs them in, and ignores a requested role (S29)', async () => {
    const student = newStudent({ role: 'admin', email: `  Mixed.Case+${Date.now()}@Example.COM ` });
    const client = identity.client();
    const res = await client.post('/auth/register', student);
    expect(res.status).toBe(201);
    const email = student.email.trim().toLowerCase();
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Layla',
      lastName: 'Hassan',
      phone: '+971 50 123 4567',
      role: 'student',
      emailMarketing: true,
      whatsappMarketing: false,
      language: 'en',
      verification: { status: 'none', studentEmail: null, verifiedAt: null, expiresAt: null },
    });
    const [row] = await identity.sql<{ role: string; password_hash: string }>(
      'select role, password_hash from users where email = ?',
      [email],
    );
    expect(row.role).toBe('student');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await client.get('/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  test('an e-mail that is taken, in any case → 409', async () => {
    const { student } = await registered(identity);
    const again = await identity
      .client()
      .post('/auth/register', { ...student, email: student.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
  });

  test.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['firstName', { firstName: 'L' }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: ' H ' }, 'Last name must be at least 2 characters'],
    ['phone', { phone: '050123' }, 'Phone number must be at least 10 digits'],
    ['phone', { phone: '050-123-abcd' }, 'Please enter a valid phone number'],
    ['password', { password: 'seven77' }, 'Password must be at least 8 characters'],
    ['password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    ['password', { password: 'password1' }, 'This password is too common. Please choose a less common one.'],
    ['password', { password: 'QWERTY123' }, 'This password is too common. Please choose a less common one.'],
    ['firstName', { firstName: undefined }, 'First name must be at least 2 characters'],
  ])('invalid %s → 400 with the SPEC message', async (field, change, message) => {
    const res = await identity.client().post('/auth/register', newStudent(change));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'validation_failed', errors: { [field]: message } });
  });

  test('accepts 8, 64 and 128 characters, and 64 × "é" logs in again (no truncation)', async () => {
    for (const password of ['8 chars!', 'p'.repeat(63) + '1', 'z'.repeat(127) + '2']) {
      expect((await identity.client().post('/auth/register', newStudent({ password }))).status).toBe(201);
    }
    const accented = 'é'.repeat(64);
    const { student } = await registered(identity, { password: accented });
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: accented })).status,
    ).toBe(200);
    const shorter = await identity
      .client()
      .post('/auth/login', { email: student.email, password: 'é'.repeat(63) });
    expect(shorter.status).toBe(401);
    // the same characters typed as e + combining accent are the same password (NFKC)
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: 'e\u0301'.repeat(64) }))
        .status,
    ).toBe(200);
  });

  test('is rate limited per IP: the registration after REGISTRATIONS_PER_IP_PER_HOUR → 429 with Retry-After', async () => {
    const client = identity.client();
    for (let i = 0; i < identity.config.REGISTRATIONS_PER_IP_PER_HOUR; i += 1)
      expect((await client.post('/auth/register', newStudent())).status).toBe(201);
    const res = await client.post('/auth/register', newStudent());
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // REGISTRATIONS_PER_IP_PER_HOUR (60) argon2id hashes: seconds on an idle machine, more beside the browser journeys
  }, 120_000);
});

describe('sessions', () => {
  test('only the SHA-256 of the token is stored', async () => {
    const { client, user } = await registered(identity);
    const rows = await identity.sql<{ token_hash: string }>(
      'select token_hash from sessions where user_id = ?',
      [user.id],
    );
    expect(rows).toEqual([{ token_hash: sha256Hex(client.sid!) }]);
    expect(rows[0].token_hash).not.toContain(client.sid);
  });

  test('resolve answers the caller with their e-mail and first name, and a tampered token → 401', async () => {
    const { client, user } = await registered(identity);
    const res = await identity.resolve(client.sid!);
    expect(res.status).toBe(200);
    const me = await client.get('/auth/user');
    expect(res.body).toEqual({
      userId: user.id,
      role: 'student',
      verificationStatus: 'none',
      sessionId: expect.any(String),
      email: user.email,
      firstName: 'Layla',
      // decision 005: the user as GET /auth/user shows it, kept by the gateway until the session's idle end
      user: me.body.user,
      cacheUntil: expect.any(Number),
    });
    const idleEnd = Date.now() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(res.body.cacheUntil - idleEnd)).toBeLessThan(60_000);
    // the last character changed (to one it is not: a token ends in 'A' one time in 64)
    const sid = client.sid!;
    const tampered = `${sid.slice(0, -1)}${sid.endsWith('A') ? 'B' : 'A'}`;
    expect((await identity.resolve(tampered)).status).toBe(401);
  });

  test('POST /auth/logout → 204, clears the cookie and kills the session (S8)', async () => {
    const { client } = await registered(identity);
    const token = client.sid!;
    const res = await client.post('/auth/logout');
    expect(res.status).toBe(204);
    expect(JSON.parse(res.headers['x-tullab-set-cookie'])).toEqual([{ name: 'sid', value: null, maxAge: 0 }]);
    expect((await identity.resolve(token)).status).toBe(401);
    const after = await identity.client().get('/auth/user');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
  });

  test('a student session dies after 7 idle days and at its absolute end (30 days), and the row goes', async () => {
    const idle = await registered(identity);
    await identity.sql(
      "update sessions set last_seen_at = now() - interval '7 days 1 second' where user_id = ?",
      [idle.user.id],
    );
    expect((await identity.resolve(idle.client.sid!)).status).toBe(401);
    expect(await identity.sql('select id from sessions where user_id = ?', [idle.user.id])).toEqual([]);

    const old = await registered(identity);
    await identity.sql("update sessions set expires_at = now() - interval '1 second' where user_id = ?", [
      old.user.id,
    ]);
    expect((await identity.resolve(old.client.sid!)).status).toBe(401);

    const active = await registered(identity);
    await identity.sql("update sessions set last_seen_at = now() - interval '6 days' where user_id = ?", [
      active.user.id,
    ]);
    expect((await identity.resolve(active.client.sid!)).status).toBe(200);
  });

  test('a staff session lasts 12 h and dies after 30 idle minutes; activity at 29 min extends the idle window', async () => {
    const staff = await signInStaff(identity, await newStaff(identity));
    const [row] = await identity.sql<{ id: string; lifetime: number }>(
      'select id, extract(epoch from expires_at - created_at)::int as lifetime from sessions where token_hash = ?',
      [sha256Hex(staff.sid!)],
    );
    expect(row.lifetime).toBe(12 * 3600);

    await identity.sql("update sessions set last_seen_at = now() - interval '29 minutes' where id = ?", [
      row.id,
    ]);
    expect((await identity.resolve(staff.sid!)).status).toBe(200);
    const [touched] = await identity.sql<{ age: number }>(
      'select extract(epoch from now() - last_seen_at)::int as age from sessions where id = ?',
      [row.id],
    );
    expect(touched.age).toBeLessThan(60);

    await identity.sql("update sessions set last_seen_at = now() - interval '31 minutes' where id = ?", [
      row.id,
    ]);
    expect((await identity.resolve(staff.sid!)).status).toBe(401);
  });

  test('GET /auth/user for a visitor → 401 Not authenticated', async () => {
    const res = await identity.client().get('/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authenticated', code: 'unauthenticated' });
  });
});
