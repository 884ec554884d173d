import { startedForTests } from '@tullab/testing';
import { codeOf, registered, startIdentity, waitFor } from './helpers';
import { SENT, passwordResetTests } from './password-reset.fixture';

const identity = startedForTests(startIdentity);
const { askCode } = passwordResetTests(identity);

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /auth/forgot-password', () => {
  test('answers the same 202 for a known and an unknown e-mail; only the known one gets a mail', async () => {
    const { student } = await registered(identity);
    const known = await identity.client().post('/auth/forgot-password', { email: student.email });
    const unknown = await identity
      .client()
      .post('/auth/forgot-password', { email: `nobody-${student.email}` });
    expect(known.status).toBe(202);
    expect(known.body).toEqual(SENT);
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    const [mail] = await identity.mails(student.email);
    expect(mail.payload).toMatchObject({
      to: student.email,
      template: 'password-reset-code',
      data: {},
    });
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect(await identity.mails(`nobody-${student.email}`)).toEqual([]);
  });

  test('the code is never stored or logged in clear: only its HMAC (S17)', async () => {
    const { student, user } = await registered(identity);
    const code = await askCode(student.email);
    const [row] = await identity.sql<Record<string, unknown>>(
      'select * from password_reset_codes where user_id = ?',
      [user.id],
    );
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything = await identity.sql<{ dump: string }>(
      `select concat_ws(' ', (select string_agg(t::text, ' ') from password_reset_codes t),
                             (select string_agg(o::text, ' ') from outbox o)) as dump`,
    );
    expect(everything[0].dump).not.toContain(code);
    expect(identity.logs.join('')).not.toContain(code);
    // the relay moves the row on: the job payload is the same sealed envelope
    await waitFor(async () => (await identity.mails(student.email))[0].enqueued_at);
  });

  test('a second request within 60 s is answered alike but sends nothing (S16)', async () => {
    const { student } = await registered(identity);
    const first = await identity.client().post('/auth/forgot-password', { email: student.email });
    const second = await identity.client().post('/auth/forgot-password', { email: student.email });
    expect([second.status, second.text]).toEqual([first.status, first.text]);
    expect(await identity.mails(student.email)).toHaveLength(1);
  });

  test('at most 5 codes per e-mail per hour (S16)', async () => {
    const { student, user } = await registered(identity);
    for (let i = 0; i < 7; i += 1) {
      expect((await identity.client().post('/auth/forgot-password', { email: student.email })).status).toBe(
        202,
      );
      // step past the 60 s cooldown
      await identity.sql(
        "update password_reset_codes set created_at = created_at - interval '61 seconds' where user_id = ?",
        [user.id],
      );
    }
    expect(await identity.mails(student.email)).toHaveLength(5);
  });

  test('at most 10 codes per e-mail a day, silently: no one can flood an address they registered (no mail relay)', async () => {
    const { student, user } = await registered(identity);
    for (let i = 0; i < 12; i += 1) {
      const res = await identity.client().post('/auth/forgot-password', { email: student.email });
      expect([res.status, res.body]).toEqual([202, SENT]);
      // step past the 60 s cooldown, and every fifth code past the hourly cap
      const step = i % 5 === 4 ? '61 minutes' : '61 seconds';
      await identity.sql(
        `update password_reset_codes set created_at = created_at - interval '${step}' where user_id = ?`,
        [user.id],
      );
    }
    expect(await identity.mails(student.email)).toHaveLength(10);
  });

  test('at most 20 requests per IP per hour, silently (S16)', async () => {
    const client = identity.client();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post('/auth/forgot-password', { email: `probe${i}@example.com` }),
      ),
    );
    const { student } = await registered(identity);
    const res = await client.post('/auth/forgot-password', { email: student.email });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(SENT);
    expect(await identity.mails(student.email)).toHaveLength(0);
  });

  test('a new code kills the older one', async () => {
    const { student, user } = await registered(identity);
    const first = await askCode(student.email);
    await identity.sql(
      "update password_reset_codes set created_at = created_at - interval '61 seconds' where user_id = ?",
      [user.id],
    );
    const second = await askCode(student.email);
    if (first !== second) {
      expect(
        (await identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: first })).status,
      ).toBe(400);
    }
    expect(
      (await identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: second })).status,
    ).toBe(200);
  });

  test('an invalid e-mail → 400 with the SPEC message', async () => {
    const res = await identity.client().post('/auth/forgot-password', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });
});

describe('POST /auth/verify-reset-otp', () => {
  test('the right code → 200 and a 10-minute reset grant cookie; the code is single use', async () => {
    const { student } = await registered(identity);
    const code = await askCode(student.email);
    const browser = identity.client();
    const res = await browser.post('/auth/verify-reset-otp', { email: student.email, otp: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Code verified' });
    expect(JSON.parse(res.headers['x-tullab-set-cookie'])).toEqual([
      { name: 'pwreset', value: expect.any(String), maxAge: 600 },
    ]);
    expect(Buffer.from(browser.pwreset!, 'base64url')).toHaveLength(32);
    const again = await identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Invalid or expired code', code: 'code_invalid' });
  });

  test('five wrong codes kill the code: the 6th try → 429, even with the right code (S15)', async () => {
    const { student, user } = await registered(identity);
    const code = await askCode(student.email);
    for (let i = 0; i < 5; i += 1) {
      const res = await identity
        .client()
        .post('/auth/verify-reset-otp', { email: student.email, otp: wrongCode(code) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid or expired code', code: 'code_invalid' });
    }
    const sixth = await identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: code });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await identity.sql<{ attempts: number }>(
      'select attempts from password_reset_codes where user_id = ?',
      [user.id],
    );
    expect(row.attempts).toBe(5);
  });

  test('parallel wrong guesses are counted exactly: at most 5 (S15)', async () => {
    const { student, user } = await registered(identity);
    const code = await askCode(student.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: wrongCode(code) }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const [row] = await identity.sql<{ attempts: number }>(
      'select attempts from password_reset_codes where user_id = ?',
      [user.id],
    );
    expect(row.attempts).toBe(5);
  });

  test('at most 10 failures per user per hour across codes (S15)', async () => {
    const { student, user } = await registered(identity);
    for (let round = 0; round < 2; round += 1) {
      const code = await askCode(student.email);
      for (let i = 0; i < 5; i += 1) {
        expect(
          (
            await identity
              .client()
              .post('/auth/verify-reset-otp', { email: student.email, otp: wrongCode(code) })
          ).status,
        ).toBe(400);
      }
      await identity.sql(
        "update password_reset_codes set created_at = created_at - interval '61 seconds' where user_id = ?",
        [user.id],
      );
    }
    const code = await askCode(student.email);
    expect(
      (await identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: code })).status,
    ).toBe(429);
  });

  test('an expired code → 400', async () => {
    const { student, user } = await registered(identity);
    const code = await askCode(student.email);
    await identity.sql(
      "update password_reset_codes set expires_at = now() - interval '1 second' where user_id = ?",
      [user.id],
    );
    const res = await identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: code });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid or expired code', code: 'code_invalid' });
  });

  test('two concurrent correct submits → exactly one 200 (S14)', async () => {
    const { student } = await registered(identity);
    const code = await askCode(student.email);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        identity.client().post('/auth/verify-reset-otp', { email: student.email, otp: code }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  test('a code for an unknown e-mail, or a malformed code → 400', async () => {
    expect(
      (await identity.client().post('/auth/verify-reset-otp', { email: 'nobody@example.com', otp: '123456' }))
        .status,
    ).toBe(400);
    const malformed = await identity
      .client()
      .post('/auth/verify-reset-otp', { email: 'nobody@example.com', otp: '12345' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('OTP must be 6 digits');
  });
});

describe('the reset-code step tells nothing (S19)', () => {
  /** forgot-password, then six wrong codes: the statuses and bodies, in order */
  async function course(email: string): Promise<Array<[number, unknown]>> {
    const client = identity.client();
    expect((await client.post('/auth/forgot-password', { email })).status).toBe(202);
    const answers: Array<[number, unknown]> = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await client.post('/auth/verify-reset-otp', { email, otp: '000000' });
      answers.push([res.status, res.body]);
    }
    return answers;
  }

  test('an unknown e-mail, a disabled account and an unaccepted invitation answer as a real account does', async () => {
    const { student } = await registered(identity);
    const real = await course(student.email);
    expect(real.map(([status]) => status)).toEqual([400, 400, 400, 400, 400, 429]);
    const { student: disabled, user: gone } = await registered(identity);
    await identity.sql('update users set disabled_at = now() where id = ?', [gone.id]);
    const { student: invited, user: never } = await registered(identity);
    await identity.sql('update users set password_hash = null where id = ?', [never.id]);
    for (const email of [`nobody-${student.email}`, disabled.email, invited.email])
      expect(await course(email)).toEqual(real);
  });

  test('at most 10 wrong codes per address per 10 minutes, whatever the e-mails', async () => {
    const client = identity.client();
    for (let i = 0; i < 10; i += 1)
      expect(
        (await client.post('/auth/verify-reset-otp', { email: `probe${i}@example.com`, otp: '123456' }))
          .status,
      ).toBe(400);
    const limited = await client.post('/auth/verify-reset-otp', {
      email: 'probe@example.com',
      otp: '123456',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
