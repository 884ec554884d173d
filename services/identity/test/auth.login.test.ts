import { startedForTests } from '@tullab/testing';
import { newStudent, registered, startIdentity } from './helpers';

const identity = startedForTests(startIdentity);

describe('POST /auth/login', () => {
  test('right password → 200 with the user and a new session', async () => {
    const { student, user } = await registered(identity);
    const client = identity.client();
    const res = await client.post('/auth/login', {
      email: student.email.toUpperCase(),
      password: student.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: student.email, role: 'student' });
    const [asked] = JSON.parse(res.headers['x-tullab-set-cookie']);
    expect(asked).toEqual({ name: 'sid', value: expect.any(String), maxAge: 30 * 24 * 3600 });
    expect(Buffer.from(asked.value, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  test('wrong password and unknown e-mail get the same 401 body (S19)', async () => {
    const { student } = await registered(identity);
    const wrong = await identity
      .client()
      .post('/auth/login', { email: student.email, password: 'not the password' });
    const unknown = await identity
      .client()
      .post('/auth/login', { email: `nobody-${student.email}`, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect([unknown.status, unknown.text]).toEqual([wrong.status, wrong.text]);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    expect(wrong.headers['x-tullab-set-cookie']).toBeUndefined();
  });

  test('malformed input → 400, never 500 (S28)', async () => {
    const res = await identity.client().post('/auth/login', { email: "' OR 1=1--", password: 'whatever123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });

  test('logging in while holding a session replaces it: the old token is dead (S7)', async () => {
    const { student, client } = await registered(identity);
    const before = client.sid!;
    expect((await identity.resolve(before)).status).toBe(200);
    const res = await client.post('/auth/login', { email: student.email, password: student.password });
    expect(res.status).toBe(200);
    expect(client.sid).not.toBe(before);
    expect((await identity.resolve(before)).status).toBe(401);
    expect((await identity.resolve(client.sid!)).status).toBe(200);
  });

  test('rehashes a password stored with older argon2 parameters (S1)', async () => {
    const { student, user } = await registered(identity);
    const argon2 = await import('argon2');
    const old = await argon2.hash(student.password, {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await identity.sql('update users set password_hash = ? where id = ?', [old, user.id]);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);
    const [row] = await identity.sql<{ password_hash: string }>(
      'select password_hash from users where id = ?',
      [user.id],
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test('one e-mail from one IP: #11 → 429 + Retry-After, and the right password is still refused (S12)', async () => {
    const { student } = await registered(identity);
    const attacker = identity.client();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push(
        (await attacker.post('/auth/login', { email: student.email, password: `wrong password ${i}` }))
          .status,
      );
      // keep the account's own delay (S11) out of the way: this test is about the Redis account+IP counter
      await identity.sql('update users set login_blocked_until = null where email = ?', [student.email]);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await attacker.post('/auth/login', { email: student.email, password: 'wrong again' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      message: 'Too many attempts. Please try again later.',
      code: 'too_many_attempts',
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    const right = await attacker.post('/auth/login', { email: student.email, password: student.password });
    expect(right.status).toBe(429);
    // another IP is not blocked by this pair
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);
  });

  test('per account: from the 5th failure a growing delay (429), even from other IPs (S11)', async () => {
    const { student, user } = await registered(identity);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await identity.client().post('/auth/login', { email: student.email, password: `nope nope ${i}` }))
          .status,
      ).toBe(401);
    }
    const delayed = await identity
      .client()
      .post('/auth/login', { email: student.email, password: student.password });
    expect(delayed.status).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(25);
    const [row] = await identity.sql<{ failed_login_count: number }>(
      'select failed_login_count from users where id = ?',
      [user.id],
    );
    expect(row.failed_login_count).toBe(5);
    // the delay over, the right password works and the counter starts again
    await identity.sql("update users set login_blocked_until = now() - interval '1 second' where id = ?", [
      user.id,
    ]);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);
    const [after] = await identity.sql<{ failed_login_count: number }>(
      'select failed_login_count from users where id = ?',
      [user.id],
    );
    expect(after.failed_login_count).toBe(0);
  });

  test('100 simultaneous sign-ins for one account, the right password among them: at most 5 are checked (S11)', async () => {
    const { student, user } = await registered(identity);
    // each from an address of its own, so that only the account's own delay can stop them
    const attempts = Array.from({ length: 100 }, (_, i) =>
      identity.client().post('/auth/login', {
        email: student.email,
        password: i === 50 ? student.password : `wrong ${i} wrong`,
      }),
    );
    const statuses = (await Promise.all(attempts)).map((res) => res.status);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((status) => status === 200 || status === 401)).toBe(true);
    const [row] = await identity.sql<{ failed_login_count: number }>(
      'select failed_login_count from users where id = ?',
      [user.id],
    );
    expect(row.failed_login_count).toBe(statuses.filter((status) => status === 401).length);
  });

  test('100 simultaneous sign-ins from one address over many accounts: at most 10 are checked (S12)', async () => {
    const { student } = await registered(identity);
    const attacker = identity.client();
    const emails = [student.email, ...Array.from({ length: 99 }, () => newStudent().email)];
    const statuses = (
      await Promise.all(
        emails.map((email) => attacker.post('/auth/login', { email, password: 'guess guess' })),
      )
    ).map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(90);
  });

  test('a right password gives its place back: 12 sign-ins from one address never fill its limit of 10', async () => {
    const { student } = await registered(identity);
    const client = identity.client();
    for (let i = 0; i < 12; i += 1)
      expect(
        (await client.post('/auth/login', { email: student.email, password: student.password })).status,
      ).toBe(200);
    expect((await client.post('/auth/login', { email: student.email, password: 'one wrong' })).status).toBe(
      401,
    );
  });

  test('an unknown e-mail shows the same delay after 5 failures, so it does not reveal that accounts exist', async () => {
    const email = newStudent().email;
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await identity.client().post('/auth/login', { email, password: `nope nope ${i}` })).status,
      ).toBe(401);
    }
    expect((await identity.client().post('/auth/login', { email, password: 'nope nope' })).status).toBe(429);
  });

  test('100 simultaneous sign-ins for an unknown e-mail: at most 5 are checked, as for an account (S11, S19)', async () => {
    const email = newStudent().email;
    const statuses = (
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          identity.client().post('/auth/login', { email, password: `wrong ${i} wrong` }),
        ),
      )
    ).map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
  });

  test('at 100 consecutive failures the account is soft-locked: even the right password gets the generic 401', async () => {
    const { student, user } = await registered(identity);
    await identity.sql('update users set failed_login_count = 99 where id = ?', [user.id]);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: 'wrong one' })).status,
    ).toBe(401);
    await identity.sql('update users set login_blocked_until = null where id = ?', [user.id]);
    const [row] = await identity.sql<{ locked: boolean }>('select locked from users where id = ?', [user.id]);
    expect(row.locked).toBe(true);
    const right = await identity
      .client()
      .post('/auth/login', { email: student.email, password: student.password });
    expect(right.status).toBe(401);
    expect(right.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });

  test('a disabled account cannot log in and its sessions are dead', async () => {
    const { student, user, client } = await registered(identity);
    await identity.sql('update users set disabled_at = now() where id = ?', [user.id]);
    expect((await identity.resolve(client.sid!)).status).toBe(401);
    expect(
      (await identity.client().post('/auth/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(401);
  });

  test('successes and failures are logged, without the password or the session token (S34)', async () => {
    const { student, client } = await registered(identity);
    await identity.client().post('/auth/login', { email: student.email, password: 'wrong but logged?' });
    await identity.client().post('/auth/login', { email: student.email, password: student.password });
    const lines = identity.logs.join('');
    expect(lines).toContain('"login failed"');
    expect(lines).toContain('"login succeeded"');
    expect(lines).not.toContain(student.password);
    expect(lines).not.toContain('wrong but logged?');
    expect(lines).not.toContain(client.sid);
  });
});
