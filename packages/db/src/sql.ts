import type { EntityManager } from '@mikro-orm/core';

/**
 * Runs one parameterised statement in the EntityManager's current transaction, if any (S28: values are always
 * bindings). `all` answers the rows, `run` the affected count.
 */
export function rows<T>(em: EntityManager, query: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(query, params, 'all', em.getTransactionContext());
}

export async function affected(em: EntityManager, query: string, params: unknown[] = []): Promise<number> {
  const result = await em
    .getConnection()
    .execute<{ affectedRows: number }>(query, params, 'run', em.getTransactionContext());
  return result.affectedRows;
}
