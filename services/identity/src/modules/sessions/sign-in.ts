import type { EntityManager } from '@mikro-orm/core';
import type { Caller } from '@tullab/http';
import type { User } from '../users/entities';
import { endSession, issueSession, type IssuedSession } from './service';

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

/**
 * The end of every successful sign-in, in the caller's transaction: the S11 counters are cleared, the caller's
 * previous session is deleted (S7) and a new one is issued.
 */
export async function startSession(
  tx: EntityManager,
  user: User,
  caller: Caller,
  now = new Date(),
): Promise<IssuedSession> {
  user.failedLoginCount = 0;
  user.loginBlockedUntil = null;
  user.updatedAt = now;
  if (caller.sessionId) await endSession(tx, caller.sessionId);
  return issueSession(tx, user, now);
}
