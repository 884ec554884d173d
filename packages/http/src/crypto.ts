import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Constant-time equality of two hex digests; a length mismatch is `false`, never an exception (S18). */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** 32 random bytes, base64url (S4). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A zero-padded, unbiased numeric code from the CSPRNG (S13). */
export function randomDigits(length = 6): string {
  return randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
}

/**
 * A 32-byte hex key for one purpose (e.g. hashing one kind of code, S17), derived from INTERNAL_SECRET with HKDF: it
 * never sits in the database, and keys for different purposes are unrelated.
 */
export function deriveKey(secret: string, service: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', secret, `tullab-${service}`, purpose, 32)).toString('hex');
}
