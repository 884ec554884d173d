import type { EntityManager } from '@mikro-orm/core';

/**
 * Holds a transaction-scoped PostgreSQL advisory lock on `name` until `tx` ends: whatever else locks the same name
 * waits (two tabs sending codes for one student, two forms mailing one address). Call it inside a transaction.
 */
export async function lockName(tx: EntityManager, name: string): Promise<void> {
  await tx
    .getConnection()
    .execute(
      'select pg_advisory_xact_lock(hashtextextended(?, 0))',
      [name],
      'run',
      tx.getTransactionContext(),
    );
}
