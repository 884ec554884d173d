import type { EntityManager } from '@mikro-orm/core';
import { HttpError } from '@tullab/http';
import type { IdentityContext } from '../../context';
import type { User } from '../users/entities';
import { clearFailures, lockIfExhausted, reserveAccountAttempt } from '../users/lockout';
import { verifyPassword } from '../users/passwords';
import { tooManyAttempts } from '../users/throttle';

const WRONG_CURRENT = 'Current password is incorrect';

/**
 * Re-authentication of the signed-in user before a sensitive change (S36, S37 "re-authenticate before role grants"):
 * the current password is checked like a login, reserved before the check so that simultaneous guesses queue behind
 * the S11 delay, and none is checked while the account is delayed. `action` names the change in the log.
 */
export async function confirmCurrentPassword(
  em: EntityManager,
  ctx: IdentityContext,
  user: User,
  password: string,
  action: string,
): Promise<void> {
  const reservation = await reserveAccountAttempt(em, user.id);
  if (reservation.wait > 0) throw tooManyAttempts(reservation.wait);
  const ok = (await verifyPassword(user.passwordHash, password)) && !user.locked;
  if (!ok) {
    const failure = await lockIfExhausted(em, user.id);
    ctx.log.warn(
      { userId: user.id, failures: failure.failed_login_count },
      `${action} refused: wrong current password`,
    );
    throw new HttpError(400, WRONG_CURRENT, {
      code: 'wrong_current_password',
      errors: { currentPassword: WRONG_CURRENT },
    });
  }
  await clearFailures(em, user.id);
}
