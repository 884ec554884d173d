import { timingSafeEqual } from 'node:crypto';
import { authenticator } from 'otplib';

/**
 * RFC 6238 as authenticator apps implement it: HMAC-SHA-1, 6 digits, 30-second time-steps, a base32 secret of
 * 160 bits (RFC 4226 §4). A code of the step before or after the current one is accepted, for clock drift.
 */
export const totpRules = { digits: 6, stepSeconds: 30, window: 1, secretBytes: 20, issuer: 'Tullab' };

const generator = authenticator.clone({ digits: totpRules.digits, step: totpRules.stepSeconds, window: 0 });

/** The RFC 6238 time-step counter at `at`. */
export function totpStep(at = new Date()): number {
  return Math.floor(at.getTime() / 1000 / totpRules.stepSeconds);
}

/** The code for one time-step of a secret. */
export function totpCode(secret: string, step: number): string {
  return generator.clone({ epoch: step * totpRules.stepSeconds * 1000 }).generate(secret);
}

export function newTotpSecret(): string {
  return generator.generateSecret(totpRules.secretBytes);
}

/** The `otpauth://totp/Tullab:<account>?secret=…&issuer=Tullab` URL an authenticator app reads from the QR code. */
export function otpauthUrl(account: string, secret: string): string {
  return generator.keyuri(account, totpRules.issuer, secret);
}

/**
 * The time-step `code` belongs to, within the window around `at`, or null. Every step of the window is computed
 * and compared in constant time, with no early exit, so the time taken does not tell which step matched (S18).
 */
export function matchingStep(secret: string, code: string, at = new Date()): number | null {
  const given = Buffer.from(code);
  const current = totpStep(at);
  let matched: number | null = null;
  for (let step = current - totpRules.window; step <= current + totpRules.window; step += 1) {
    const expected = Buffer.from(totpCode(secret, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}
