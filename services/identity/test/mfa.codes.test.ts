import { authenticator } from 'otplib';
import { startedForTests } from '@tullab/testing';
import { signInStaff, startIdentity, totpFor } from './helpers';
import { WRONG, mfaTests, wrongCode } from './mfa.fixture';

const identity = startedForTests(startIdentity);
const { passwordStep, enrolledStaff } = mfaTests(identity);

describe('wrong and replayed codes', () => {
  test('wrong codes count: 400 four times, the 5th kills the challenge (401), then even the right code fails; the login delay applies', async () => {
    const member = await enrolledStaff();
    const client = await passwordStep(member);
    const wrong = wrongCode(member.secret!);
    for (let i = 1; i <= 4; i += 1) {
      const res = await client.post('/auth/mfa/verify', { code: wrong });
      expect([res.status, res.body]).toEqual([400, WRONG]);
      const [row] = await identity.sql<{ attempts: number }>(
        'select attempts from mfa_challenges where user_id = ? and used_at is null',
        [member.id],
      );
      expect(row.attempts).toBe(i);
    }
    const fifth = await client.post('/auth/mfa/verify', { code: wrong });
    expect(fifth.status).toBe(401);
    expect(fifth.body).toEqual({
      message: 'Too many wrong codes. Please sign in again.',
      code: 'code_exhausted',
    });
    const right = await client.post('/auth/mfa/verify', { code: await totpFor(member) });
    expect(right.status).toBe(401);
    expect(client.sid).toBeNull();

    // the wrong codes were failed sign-ins (S11): the account now waits, whatever the password
    const [user] = await identity.sql<{ failed_login_count: number }>(
      'select failed_login_count from users where id = ?',
      [member.id],
    );
    expect(user.failed_login_count).toBe(5);
    const delayed = await identity
      .client()
      .post('/auth/login', { email: member.email, password: member.password });
    expect(delayed.status).toBe(429);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(0);

    const lines = identity.logs.join('');
    expect(lines).toContain('"second factor refused"');
    expect(lines).toContain('"reason":"wrong code"');
    expect(lines).not.toContain(`"${wrong}"`);
  });

  test('a code already used is refused (no replay), and counted; the next time-step works', async () => {
    const member = await enrolledStaff();
    const used = member.lastStep!;
    const replayed = authenticator.clone({ epoch: used * 30_000 }).generate(member.secret!);
    const client = await passwordStep(member);
    const res = await client.post('/auth/mfa/verify', { code: replayed });
    expect([res.status, res.body]).toEqual([400, WRONG]);
    const [row] = await identity.sql<{ attempts: number }>(
      'select attempts from mfa_challenges where user_id = ? and used_at is null',
      [member.id],
    );
    expect(row.attempts).toBe(1);
    expect(identity.logs.join('')).toContain('"reason":"replayed code"');
    expect((await client.post('/auth/mfa/verify', { code: await totpFor(member) })).status).toBe(200);
  });

  test('the same right code sent twice at once gives exactly one session', async () => {
    const member = await enrolledStaff();
    const client = await passwordStep(member);
    const code = await totpFor(member);
    const answers = await Promise.all([
      client.post('/auth/mfa/verify', { code }),
      client.post('/auth/mfa/verify', { code }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
    expect(await identity.sql('select id from sessions where user_id = ?', [member.id])).toHaveLength(1);
  });
});

describe('staff sessions need the second factor', () => {
  test('a staff session of a user without a second factor is dead (sessions from before S37)', async () => {
    const member = await enrolledStaff();
    const client = await signInStaff(identity, member);
    await identity.sql('update users set mfa_enrolled_at = null where id = ?', [member.id]);
    expect((await identity.resolve(client.sid!)).status).toBe(401);
    expect(await identity.sql('select id from sessions where user_id = ?', [member.id])).toEqual([]);
  });
});
