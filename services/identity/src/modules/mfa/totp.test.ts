import { authenticator } from 'otplib';
import { matchingStep, newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp';

/** RFC 6238 Appendix B: the ASCII secret "12345678901234567890", base32-encoded. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('staff TOTP (RFC 6238, S37)', () => {
  const secret = newTotpSecret();
  const now = new Date('2027-03-01T12:00:10.000Z');
  const step = totpStep(now);

  test('the RFC 6238 test vector (SHA-1, T = 59 s) gives 287082 in 6 digits', () => {
    expect(totpCode(RFC_SECRET, totpStep(new Date(59_000)))).toBe('287082');
  });

  test('a 160-bit base32 secret, and the same codes an authenticator app computes', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const app = authenticator.clone({ epoch: now.getTime() });
    expect(totpCode(secret, step)).toBe(app.generate(secret));
  });

  test('accepts the current step and one either side, nothing further', () => {
    // a fixed secret and time, so the five codes are known to differ from each other
    const codes = [-2, -1, 0, 1, 2].map((offset) => totpCode(RFC_SECRET, step + offset));
    expect(new Set(codes).size).toBe(5);
    expect(codes.map((code) => matchingStep(RFC_SECRET, code, now))).toEqual([
      null,
      step - 1,
      step,
      step + 1,
      null,
    ]);
  });

  test('a code of another length is a mismatch, not an exception', () => {
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, '1234567', now)).toBeNull();
  });

  test('the otpauth URL names the issuer Tullab and the account, with the secret', () => {
    expect(otpauthUrl('mariam@tullab.test', secret)).toBe(
      `otpauth://totp/Tullab:mariam%40tullab.test?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Tullab`,
    );
  });
});
