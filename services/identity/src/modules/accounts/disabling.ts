import type { EntityManager } from '@mikro-orm/core';
import { endUserSessions } from '../sessions/service';
import type { User } from '../users/entities';

/**
 * Disables (S9: every session of the account ends, and no sign-in works) or enables an account, in the caller's unit
 * of work. Returns how many sessions ended.
 */
export async function setDisabled(
  em: EntityManager,
  user: User,
  disabled: boolean,
  now = new Date(),
): Promise<number> {
  user.disabledAt = disabled ? (user.disabledAt ?? now) : null;
  user.updatedAt = now;
  return disabled ? endUserSessions(em, user.id) : 0;
}
