import { effectiveVerificationStatus } from './verification';

describe('effectiveVerificationStatus (decision 002)', () => {
  const now = new Date('2027-03-01T12:00:00.000Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  test('active until the second of expiry, expired from it on', () => {
    expect(
      effectiveVerificationStatus({ verificationStatus: 'active', verificationExpiresAt: at(1) }, now),
    ).toBe('active');
    expect(
      effectiveVerificationStatus({ verificationStatus: 'active', verificationExpiresAt: at(0) }, now),
    ).toBe('expired');
    expect(
      effectiveVerificationStatus({ verificationStatus: 'active', verificationExpiresAt: at(-1) }, now),
    ).toBe('expired');
  });

  test('an active verification without an expiry stays active; other statuses are reported as stored', () => {
    expect(
      effectiveVerificationStatus({ verificationStatus: 'active', verificationExpiresAt: null }, now),
    ).toBe('active');
    for (const status of ['none', 'pending', 'rejected', 'unrecognized_domain'] as const) {
      expect(
        effectiveVerificationStatus({ verificationStatus: status, verificationExpiresAt: at(-1) }, now),
      ).toBe(status);
    }
  });
});
