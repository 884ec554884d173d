import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as argon2 from 'argon2';
import { normalizePassword, passwordLengthProblem, passwordMessages } from '@tullab/contracts';

/** SECURITY S1: argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). */
export const ARGON2_PARAMS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

let common: Set<string> | undefined;

/** The shipped list (src/data, copied to dist/data by the build; read from src when only tsc ran). */
function commonPasswords(): Set<string> {
  if (common) return common;
  const candidates = [
    join(__dirname, '../../data/common-passwords.txt'),
    join(__dirname, '../../../src/data/common-passwords.txt'),
  ];
  const file = candidates.find((path) => existsSync(path));
  if (!file) throw new Error('common-passwords.txt is missing from the identity build');
  common = new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalizePassword(password).trim().toLowerCase());
}

/** SECURITY S3: the contract's length rule, then not a common password. Null when acceptable. */
export function passwordProblem(password: string): string | null {
  return passwordLengthProblem(password) ?? (isCommonPassword(password) ? passwordMessages.common : null);
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(normalizePassword(password), ARGON2_PARAMS);
}

/**
 * False for a wrong password and for a malformed stored hash, never an exception. An account without a password (an
 * invitation not yet accepted) is checked against the dummy hash, so it takes as long as any other failure (S19).
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return verifyAgainstDummy(password);
  try {
    return await argon2.verify(hash, normalizePassword(password));
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters than ARGON2_PARAMS (S1: rehash on login). */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, ARGON2_PARAMS);
}

let dummy: Promise<string> | undefined;

/**
 * S19: a login for an unknown e-mail still runs one argon2 verification, against this hash of a random value,
 * so it takes as long as a wrong password for a real account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= argon2.hash(`dummy-${process.pid}-${Date.now()}`, ARGON2_PARAMS);
  await verifyPassword(await dummy, password);
  return false;
}
