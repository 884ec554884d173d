import type { EntityManager } from '@mikro-orm/core';
import { UserSchema, type User } from './entities';
import { accountLockout } from './throttle';

/** The counters on the user's row after a failure. */
export interface FailureRow {
  failed_login_count: number;
  locked: boolean;
}

/**
 * S11: one atomic statement counts a wrong staff second-factor code as a failed sign-in (checked under the challenge's
 * row lock, so counting after the check is exact), starts the growing delay from the 5th consecutive failure and the
 * soft lock at the 100th (the same numbers as `failureDelaySeconds`). Passwords are counted before their check, by
 * `reserveAccountAttempt`.
 */
export async function recordPasswordFailure(em: EntityManager, userId: string): Promise<FailureRow> {
  const { delayAfter, firstDelaySeconds, maxDelaySeconds, lockAfter } = accountLockout;
  const [row] = await em.getConnection().execute<FailureRow[]>(
    `update users set
        failed_login_count = failed_login_count + 1,
        locked = locked or failed_login_count + 1 >= ?,
        login_blocked_until = case when failed_login_count + 1 >= ?
          then now() + make_interval(secs => least(? * power(2, least(failed_login_count + 1 - ?, 20)), ?))
          else login_blocked_until end,
        updated_at = now()
      where id = ?
      returning failed_login_count, locked`,
    [lockAfter, delayAfter, firstDelaySeconds, delayAfter, maxDelaySeconds, userId],
    'all',
    em.getTransactionContext(),
  );
  return row;
}

/** A password check counted ahead (`reserveAccountAttempt`): how long to wait instead, or what to give back. */
export type Reservation = { wait: number } | { wait: 0; blockedUntil: string | null };

/**
 * S11 before a password check (issue 19): one atomic statement counts the attempt as a failure and
 * starts the growing delay from the 5th, unless the delay already runs. Simultaneous attempts queue on the row, so at
 * most 5 are ever checked in a row; a right password gives the reservation back (`startSession`, `clearFailures`,
 * `giveBackAttempt`).
 */
export async function reserveAccountAttempt(em: EntityManager, userId: string): Promise<Reservation> {
  const { delayAfter, firstDelaySeconds, maxDelaySeconds } = accountLockout;
  const connection = em.getConnection();
  // the delay travels as text: a Date would drop the microseconds the give-back compares
  const [reserved] = await connection.execute<Array<{ blocked_until: string | null }>>(
    `update users set
        failed_login_count = failed_login_count + 1,
        login_blocked_until = case when failed_login_count + 1 >= ?
          then now() + make_interval(secs => least(? * power(2, least(failed_login_count + 1 - ?, 20)), ?))
          else login_blocked_until end,
        updated_at = now()
      where id = ? and (login_blocked_until is null or login_blocked_until <= now())
      returning login_blocked_until::text as blocked_until`,
    [delayAfter, firstDelaySeconds, delayAfter, maxDelaySeconds, userId],
    'all',
    em.getTransactionContext(),
  );
  if (reserved) return { wait: 0, blockedUntil: reserved.blocked_until };
  const [row] = await connection.execute<Array<{ login_blocked_until: Date | null }>>(
    'select login_blocked_until from users where id = ?',
    [userId],
    'all',
    em.getTransactionContext(),
  );
  return { wait: Math.max(1, secondsUntil(row?.login_blocked_until && new Date(row.login_blocked_until))) };
}

/**
 * A staff password was right but the sign-in is not over (the second factor follows, and its wrong codes count): the
 * reservation is taken back exactly, one failure less and the delay it started, if any, lifted.
 */
export async function giveBackAttempt(
  tx: EntityManager,
  userId: string,
  blockedUntil: string | null,
): Promise<void> {
  await tx.getConnection().execute(
    `update users set failed_login_count = greatest(failed_login_count - 1, 0),
        login_blocked_until = case when login_blocked_until = ?::timestamptz then null else login_blocked_until end
      where id = ?`,
    [blockedUntil, userId],
    'run',
    tx.getTransactionContext(),
  );
}

/** After a wrong password the reservation stands as the failure; at the 100th in a row the soft lock follows (S11). */
export async function lockIfExhausted(em: EntityManager, userId: string): Promise<FailureRow> {
  const [row] = await em.getConnection().execute<FailureRow[]>(
    `update users set locked = locked or failed_login_count >= ?, updated_at = now() where id = ?
      returning failed_login_count, locked`,
    [accountLockout.lockAfter, userId],
    'all',
    em.getTransactionContext(),
  );
  return row;
}

/** A right password ends the run of failures and any delay (the give-back of `reserveAccountAttempt`). */
export async function clearFailures(em: EntityManager, userId: string): Promise<void> {
  await em
    .getConnection()
    .execute(
      'update users set failed_login_count = 0, login_blocked_until = null, updated_at = now() where id = ?',
      [userId],
      'run',
      em.getTransactionContext(),
    );
}

/**
 * `npm run staff -- unlock`: staff lift the S11 soft lock and delay of an account (its owner asked, say, while mail is
 * down and the reset flow cannot reach them). Sessions are untouched: a locked account has none it signed in since.
 */
export async function unlockAccount(em: EntityManager, user: User): Promise<void> {
  await em.nativeUpdate(
    UserSchema,
    { id: user.id },
    { locked: false, failedLoginCount: 0, loginBlockedUntil: null, updatedAt: new Date() },
  );
}

export function secondsUntil(date: Date | null | undefined, now = new Date()): number {
  return date ? Math.ceil((date.getTime() - now.getTime()) / 1000) : 0;
}
