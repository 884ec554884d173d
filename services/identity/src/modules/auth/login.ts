import { LockMode, type EntityManager } from '@mikro-orm/core';
import { HttpError, type Caller } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { startMfaChallenge, type StartedChallenge } from '../mfa/challenges';
import { startSession, type SignedIn } from '../sessions/sign-in';
import { isStaffRole, UserSchema, type User } from '../users/entities';
import { giveBackAttempt, lockIfExhausted, reserveAccountAttempt } from '../users/lockout';
import { findUserByEmail } from '../users/lookup';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../users/passwords';
import type { LoginBody } from '@tullab/contracts';
import { LoginThrottle, tooManyAttempts } from '../users/throttle';

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** A staff password was right: the second factor is still to come (S37). */
export interface SecondFactorDue {
  user: User;
  challenge: StartedChallenge;
}

/**
 * POST /auth/login. Order matters: Redis throttles (S12) → the account's own delay (S11) → argon2 (also for an
 * unknown e-mail, S19) → lock and disabled checks → for a student or a merchant a new session, the caller's old one
 * deleted (S7); for staff and admins no session but a second-factor challenge (S37). Their failure counters are only
 * cleared once the code is right too, so signing in again does not buy an attacker who knows the password more
 * guesses.
 */
export async function logIn(
  em: EntityManager,
  ctx: IdentityContext,
  input: LoginBody,
  caller: Caller,
): Promise<SignedIn | SecondFactorDue> {
  const { log } = ctx;
  const throttle = new LoginThrottle(ctx);
  const ip = caller.ip;
  const throttled = await throttle.reserve(input.email, ip);
  if (throttled > 0) {
    log.warn({ ip, reason: 'rate limited' }, 'login refused');
    throw tooManyAttempts(throttled);
  }

  const user = await findUserByEmail(em, input.email);
  if (!user) {
    const wait = await throttle.reserveUnknown(input.email);
    if (wait > 0) {
      log.warn({ ip, reason: 'account delay' }, 'login refused');
      throw tooManyAttempts(wait);
    }
    await verifyAgainstDummy(input.password);
    log.warn({ ip, reason: 'unknown email' }, 'login failed');
    throw new HttpError(401, INVALID_CREDENTIALS, { code: 'invalid_credentials' });
  }

  const reservation = await reserveAccountAttempt(em, user.id);
  if (!('blockedUntil' in reservation)) {
    log.warn({ userId: user.id, ip, reason: 'account delay' }, 'login refused');
    throw tooManyAttempts(reservation.wait);
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (!passwordOk) {
    const failure = await lockIfExhausted(em, user.id);
    log.warn(
      {
        userId: user.id,
        ip,
        reason: 'wrong password',
        failures: failure.failed_login_count,
        locked: failure.locked,
      },
      'login failed',
    );
    throw new HttpError(401, INVALID_CREDENTIALS, { code: 'invalid_credentials' });
  }

  const rehash =
    user.passwordHash && needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
  const signedIn = await em.transactional(async (tx) => {
    // judged on the row as it is now, under its lock: a lock or a disabling since the first read wins
    const current = await tx.findOneOrFail(
      UserSchema,
      { id: user.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (current.locked || current.disabledAt) return { refused: current.locked ? 'locked' : 'disabled' };
    if (rehash) {
      current.passwordHash = rehash;
      current.updatedAt = new Date();
    }
    // decision 016: merchants sign in with their password alone, as students do. A merchant reaches one brand's
    // aggregated figures (never a student's personal data), its codes and proposals that staff approve before they
    // go live, not the console's powers over every account that S37 guards; the S11/S12 limits hold as for anyone.
    if (isStaffRole(current.role)) {
      await giveBackAttempt(tx, current.id, reservation.blockedUntil);
      return { challenge: await startMfaChallenge(tx, current.id) };
    }
    return { session: await startSession(tx, current, caller) };
  });
  if ('refused' in signedIn) {
    log.warn({ userId: user.id, ip, reason: signedIn.refused }, 'login failed');
    throw new HttpError(401, INVALID_CREDENTIALS, { code: 'invalid_credentials' });
  }
  const context = { userId: user.id, ip, role: user.role, rehashed: Boolean(rehash) };
  if (signedIn.challenge) {
    log.info(context, 'login password accepted; second factor required');
    return { user, challenge: signedIn.challenge };
  }
  await throttle.succeeded(input.email, ip);
  log.info(context, 'login succeeded');
  return { user, session: signedIn.session };
}
