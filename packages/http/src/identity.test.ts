import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity, verifyIdentity, type Caller } from './identity';

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
    const headers = signIdentity(caller, secret);
    expect(verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret)).toMatchObject(caller);
  });

  test('a tampered value, a wrong secret or a missing signature is refused', () => {
    const headers = signIdentity(caller, secret);
    const forged = Buffer.from(JSON.stringify({ ...caller, role: 'admin', exp: 9e9 })).toString('base64url');
    expect(verifyIdentity(forged, headers[SIGNATURE_HEADER], secret)).toBeNull();
    expect(verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], 'x'.repeat(32))).toBeNull();
    expect(verifyIdentity(headers[IDENTITY_HEADER], undefined, secret)).toBeNull();
    expect(verifyIdentity(headers[IDENTITY_HEADER], 'abc', secret)).toBeNull();
  });

  test('an identity older than a minute is refused', () => {
    const headers = signIdentity(caller, secret, Date.now() - 61_000);
    expect(verifyIdentity(headers[IDENTITY_HEADER], headers[SIGNATURE_HEADER], secret)).toBeNull();
  });
});
