import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import type { Caller } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { endChallenges } from '../mfa/challenges';
import { endUserSessions, type IssuedSession } from '../sessions/service';
import { startSession } from '../sessions/sign-in';
import { currentUser } from '../users/current-user';
import { UserSchema } from '../users/entities';
import { mailLanguage } from '../users/language';
import { hashPassword } from '../users/passwords';
import type { ChangePasswordBody } from '@tullab/contracts';
import { confirmCurrentPassword } from './reauthentication';

/**
 * POST /students/change-password (S36): the current password is confirmed, then the password is re-hashed, every
 * other session ends, the current one is replaced, and a notice is queued (to a student in their language).
 */
export async function changePassword(
  em: EntityManager,
  ctx: IdentityContext,
  input: ChangePasswordBody,
  caller: Caller,
  requestId: string | null,
): Promise<IssuedSession> {
  const user = await currentUser(em, caller);
  await confirmCurrentPassword(em, ctx, user, input.currentPassword, 'password change');
  const passwordHash = await hashPassword(input.newPassword);
  const session = await em.transactional(async (tx) => {
    const current = await tx.findOneOrFail(UserSchema, { id: user.id });
    current.passwordHash = passwordHash;
    await endChallenges(tx, user.id);
    await endUserSessions(tx, user.id);
    addToOutbox(
      tx,
      'email.requested',
      {
        to: current.email,
        userId: current.id,
        template: 'password-changed',
        data: {},
        ...mailLanguage(current, current.language),
      },
      requestId,
    );
    return startSession(tx, current, caller);
  });
  ctx.log.info({ userId: user.id }, 'password changed; other sessions ended');
  return session;
}
