import { digestsEqual, hmacHex, randomDigits, randomToken } from './crypto';

describe('digestsEqual', () => {
  test('equal digests match, different or differently sized ones do not, without throwing', () => {
    const a = hmacHex('k', '123456');
    expect(digestsEqual(a, hmacHex('k', '123456'))).toBe(true);
    expect(digestsEqual(a, hmacHex('k', '123457'))).toBe(false);
    expect(digestsEqual(a, a.slice(0, 10))).toBe(false);
    expect(digestsEqual('', '')).toBe(false);
  });
});

describe('randomDigits', () => {
  test('always six digits, zero-padded', () => {
    for (let i = 0; i < 2000; i++) expect(randomDigits()).toMatch(/^\d{6}$/);
  });

  test('the first digit is uniform (chi-square, 9 degrees of freedom, p > 0.001)', () => {
    const counts = new Array(10).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) counts[Number(randomDigits()[0])]++;
    const chi = counts.reduce((sum, c) => sum + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi).toBeLessThan(27.88);
  });
});

test('randomToken is 32 bytes of base64url', () => {
  expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
});
