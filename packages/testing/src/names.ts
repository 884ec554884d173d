import { randomBytes } from 'node:crypto';

/** A lower-case SQL identifier: what `DB_SCHEMA` and `dropSchema` accept. */
export const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A fresh lower-case identifier for one test file's Postgres schema or BullMQ prefix, e.g. `identity_t3f9a1c0`.
 * Characters other than a-z, 0-9 and _ in the prefix become `_`.
 */
export function uniqueName(prefix: string): string {
  const safe = prefix
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^(?=[0-9])/, '_')
    .slice(0, 40);
  if (!/[a-z0-9]/.test(safe)) throw new Error('uniqueName: the prefix needs at least one letter or digit');
  return `${safe}_t${randomBytes(4).toString('hex')}`;
}
