import { hmacHex } from './crypto';
import { IDENTITY_HEADER, SIGNATURE_HEADER } from '@tullab/contracts';
import { signIdentity, verifyIdentity, type Caller } from './identity';

const secret = 's'.repeat(32);
const caller: Caller = {
  userId: 'u1',
  role: 'student',
  verificationStatus: 'none',
  sessionId: 's1',
  ip: '127.0.0.1',
};

describe('identity header', () => {
  test('a signed identity verifies and carries the caller', () => {
    const headers = signIdentity(caller, secret, 'offers');
    expect(verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, 'offers')).toEqual({
      ...caller,
      exp: expect.any(Number),
    });
  });

  test('a tampered value, a wrong secret or a missing signature is refused', () => {
    const headers = signIdentity(caller, secret, 'identity');
    const forged = Buffer.from(
      JSON.stringify({ ...caller, role: 'admin', aud: 'identity', exp: 9e9 }),
    ).toString('base64url');
    expect(verifyIdentity(forged, headers[SIGNATURE_HEADER], secret, 'identity')).toBeNull();
    expect(
      verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], 'x'.repeat(32), 'identity'),
    ).toBeNull();
    expect(verifyIdentity(headers[IDENTITY_HEADER], undefined, secret, 'identity')).toBeNull();
    expect(verifyIdentity(headers[IDENTITY_HEADER], 'abc', secret, 'identity')).toBeNull();
  });

  test('an identity older than a minute is refused', () => {
    const headers = signIdentity(caller, secret, 'identity', Date.now() - 61_000);
    expect(
      verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, 'identity'),
    ).toBeNull();
  });

  test('a header is taken only by the service it names: one for offers is refused by identity and the others', () => {
    const headers = signIdentity(caller, secret, 'offers');
    for (const other of ['identity', 'verification', 'notifications'] as const) {
      expect(verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, other)).toBeNull();
    }
    expect(
      verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret, 'offers'),
    ).not.toBeNull();
  });

  test('a header that names no audience, signed as before, is refused everywhere', () => {
    const value = Buffer.from(
      JSON.stringify({ ...caller, exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url');
    for (const audience of ['identity', 'verification', 'offers', 'notifications'] as const) {
      expect(verifyIdentity(value, hmacHex(secret, value), secret, audience)).toBeNull();
    }
  });
});
