import { raw, type EntityManager, type LockMode } from '@mikro-orm/core';
import { UserSchema, type User } from './entities';

/** By e-mail, case-insensitively, through the unique index on lower(email). */
export function findUserByEmail(em: EntityManager, email: string, lockMode?: LockMode): Promise<User | null> {
  return em.findOne(
    UserSchema,
    { [raw('lower(email)')]: email.toLowerCase() } as object,
    lockMode ? { lockMode } : {},
  );
}
