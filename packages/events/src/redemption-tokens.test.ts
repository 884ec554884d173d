import { randomUUID } from 'node:crypto';
import { openRedemptionToken, REDEMPTION_TOKEN_TTL_MS, sealRedemptionToken } from './redemption-tokens';
import { seal } from './sealed';

const secret = 'a-secret-of-the-services-32-chars!!';
const claims = {
  brandId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  appId: '7a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  mode: 'live' as const,
  offerId: '8b1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  studentId: '9c1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  subject: 'a1'.repeat(32),
};

describe('checkout redemption tokens (issue 30 point 3)', () => {
  it('opens to what it was made for, with its own id and ten minutes to live', () => {
    const now = Date.UTC(2026, 10, 30, 8);
    const opened = openRedemptionToken(secret, sealRedemptionToken(secret, claims, now));
    expect(opened).toMatchObject({ ...claims, expiresAt: now + REDEMPTION_TOKEN_TTL_MS });
    expect(REDEMPTION_TOKEN_TTL_MS).toBe(600_000);
  });

  it('gives every token an id of its own, so each is redeemed once', () => {
    const ids = new Set(
      Array.from({ length: 5 }, () => openRedemptionToken(secret, sealRedemptionToken(secret, claims))!.jti),
    );
    expect(ids.size).toBe(5);
  });

  it('refuses a token made with another key, altered, or sealed for another purpose', () => {
    const token = sealRedemptionToken(secret, claims);
    expect(openRedemptionToken('another-secret-of-32-characters!!!', token)).toBeNull();
    const altered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    expect(openRedemptionToken(secret, altered)).toBeNull();
    expect(openRedemptionToken(secret, 'not-a-token')).toBeNull();
    const receipt = seal(secret, { purpose: 'verification-receipt', claims: JSON.stringify(claims) });
    expect(openRedemptionToken(secret, receipt)).toBeNull();
  });

  it('refuses one without the pairwise subject a webhook names the student by', () => {
    const withoutSubject: Partial<typeof claims> = { ...claims };
    delete withoutSubject.subject;
    const token = seal(secret, {
      purpose: 'checkout-redemption',
      claims: JSON.stringify({ ...withoutSubject, jti: randomUUID(), expiresAt: Date.now() + 60_000 }),
    });
    expect(openRedemptionToken(secret, token)).toBeNull();
  });
});
