import { hashPassword, isCommonPassword, needsRehash, passwordProblem, verifyPassword } from './passwords';
import { failureDelaySeconds } from './throttle';

describe('password hashing (S1)', () => {
  test('argon2id with m=19456, t=2, p=1, a 128-bit salt, well under a second', async () => {
    const started = Date.now();
    const hash = await hashPassword('correct horse battery staple');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapl')).toBe(false);
  });

  test('a malformed stored hash is a failed check, not an exception', async () => {
    expect(await verifyPassword('not a hash', 'whatever')).toBe(false);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});

describe('password policy (S3)', () => {
  test.each([
    ['seven77', 'Password must be at least 8 characters'],
    ['x'.repeat(129), 'Password must be at most 128 characters'],
    ['password', 'This password is too common. Please choose a less common one.'],
    ['Password1', 'This password is too common. Please choose a less common one.'],
    ['iloveyou', 'This password is too common. Please choose a less common one.'],
    ['12345678', 'This password is too common. Please choose a less common one.'],
  ])('%s → %s', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  test('lengths count characters, not UTF-16 units: 8 emoji pass, 64 × é passes, 129 × é does not', () => {
    expect(passwordProblem('🙂'.repeat(8))).toBeNull();
    expect(passwordProblem('é'.repeat(64))).toBeNull();
    expect(passwordProblem('é'.repeat(129))).toBe('Password must be at most 128 characters');
  });

  test('the shipped list has the well-known top entries', () => {
    for (const common of [
      'password1',
      'qwerty123',
      '123456789',
      'trustno1',
      'sunshine',
      'football',
      'princess',
    ]) {
      expect(isCommonPassword(common)).toBe(true);
    }
    expect(isCommonPassword('a long and unusual passphrase 7')).toBe(false);
  });
});

describe('account delay (S11)', () => {
  test('none below 5 failures, then 30 s doubling to at most an hour', () => {
    expect([1, 4].map(failureDelaySeconds)).toEqual([0, 0]);
    expect([5, 6, 7, 8, 12, 50, 99].map(failureDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
  });
});
