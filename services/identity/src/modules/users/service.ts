import { randomUUID } from 'node:crypto';
import { LockMode, raw, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { addToOutbox } from '@tullab/events';
import {
  addressKey,
  DEFAULT_LANGUAGE,
  HttpError,
  type Caller,
  type Language,
  type Logger,
} from '@tullab/http';
import type { IdentityContext } from '../../context';
import { endChallenges, startMfaChallenge, type StartedChallenge } from '../mfa/challenges';
import { endSession, endUserSessions, issueSession, type IssuedSession } from '../sessions/service';
import { UserSchema, type Role, type User } from './entities';
import { mailLanguage } from './language';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import type { ChangePasswordBody, LoginBody, RegisterBody } from './schemas';
import { accountLockout, LoginThrottle, tooManyAttempts } from './throttle';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const NOT_AUTHENTICATED = 'Not authenticated';

/** By e-mail, case-insensitively, through the unique index on lower(email). */
export function findUserByEmail(em: EntityManager, email: string, lockMode?: LockMode): Promise<User | null> {
  return em.findOne(
    UserSchema,
    { [raw('lower(email)')]: email.toLowerCase() } as object,
    lockMode ? { lockMode } : {},
  );
}

export interface NewUser {
  email: string;
  /** null: no password yet (an invited staff member) */
  password: string | null;
  firstName: string;
  lastName: string;
  phone?: string | null;
  role: Role;
  emailMarketing?: boolean;
  whatsappMarketing?: boolean;
  /** a student's, from the app they signed up in; staff are written to in English */
  language?: Language;
}

/** Adds a user to the unit of work with a freshly hashed password, if any (the caller flushes). */
export async function createUser(em: EntityManager, input: NewUser, now = new Date()): Promise<User> {
  return em.create(UserSchema, {
    id: randomUUID(),
    email: input.email.toLowerCase(),
    passwordHash: input.password === null ? null : await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone ?? null,
    role: input.role,
    emailMarketing: input.emailMarketing ?? false,
    whatsappMarketing: input.whatsappMarketing ?? false,
    language: input.language ?? DEFAULT_LANGUAGE,
    verificationStatus: 'none',
    studentEmail: null,
    verifiedAt: null,
    verificationChangedAt: null,
    verificationExpiresAt: null,
    failedLoginCount: 0,
    loginBlockedUntil: null,
    locked: false,
    disabledAt: null,
    deletedAt: null,
    mfaSecret: null,
    mfaEnrolledAt: null,
    mfaLastStep: null,
    // staff made with a password set up their authenticator at the first sign-in; invited staff while accepting
    mfaEnrolAtSignIn: input.role !== 'student' && input.password !== null,
    createdAt: now,
    updatedAt: now,
  });
}

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Runs `create` (which adds a user with this e-mail) unless the e-mail is taken: 409, whether it is found first or
 * the unique index refuses it when two requests race.
 */
export async function createAccount<T>(
  em: EntityManager,
  email: string,
  create: () => Promise<T>,
): Promise<T> {
  if (await findUserByEmail(em, email)) throw new HttpError(409, EMAIL_TAKEN);
  try {
    return await create();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw new HttpError(409, EMAIL_TAKEN);
    throw err;
  }
}

export interface SignedIn {
  user: User;
  session: IssuedSession;
}

/**
 * POST /auth/register: always a student (S29), rate limited per IP, and signed in at once. `language` is the one the
 * app showed the form in (issue 12), kept as the student's.
 */
export async function registerStudent(
  em: EntityManager,
  ctx: IdentityContext,
  input: RegisterBody,
  caller: Caller,
  language: Language = DEFAULT_LANGUAGE,
): Promise<SignedIn> {
  const decision = await ctx.limiter.hit(
    `register:ip:${addressKey(caller.ip)}`,
    ctx.config.REGISTRATIONS_PER_IP_PER_HOUR,
    3600,
  );
  if (!decision.allowed) {
    ctx.log.warn({ ip: caller.ip }, 'registration rate limited');
    throw tooManyAttempts(decision.retryAfter);
  }
  const result = await createAccount(em, input.email, () =>
    em.transactional(async (tx) => {
      const user = await createUser(tx, { ...input, role: 'student', language });
      return { user, session: await startSession(tx, user, caller) };
    }),
  );
  ctx.log.info({ userId: result.user.id, ip: caller.ip, language }, 'student registered');
  return result;
}

interface FailureRow {
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
 * S11 before a password check (issue "Sign-in under attack"): one atomic statement counts the attempt as a failure and
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
async function giveBackAttempt(
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
async function lockIfExhausted(em: EntityManager, userId: string): Promise<FailureRow> {
  const [row] = await em.getConnection().execute<FailureRow[]>(
    `update users set locked = locked or failed_login_count >= ?, updated_at = now() where id = ?
      returning failed_login_count, locked`,
    [accountLockout.lockAfter, userId],
    'all',
    em.getTransactionContext(),
  );
  return row;
}

export function secondsUntil(date: Date | null | undefined, now = new Date()): number {
  return date ? Math.ceil((date.getTime() - now.getTime()) / 1000) : 0;
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

/** A staff password was right: the second factor is still to come (S37). */
export interface SecondFactorDue {
  user: User;
  challenge: StartedChallenge;
}

/**
 * POST /auth/login. Order matters: Redis throttles (S12) → the account's own delay (S11) → argon2 (also for an
 * unknown e-mail, S19) → lock and disabled checks → for a student a new session, the caller's old one deleted (S7);
 * for staff and admins no session but a second-factor challenge (S37). Their failure counters are only cleared once
 * the code is right too, so signing in again does not buy an attacker who knows the password more guesses.
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
    throw new HttpError(401, INVALID_CREDENTIALS);
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
    throw new HttpError(401, INVALID_CREDENTIALS);
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
    if (current.role !== 'student') {
      await giveBackAttempt(tx, current.id, reservation.blockedUntil);
      return { challenge: await startMfaChallenge(tx, current.id) };
    }
    return { session: await startSession(tx, current, caller) };
  });
  if ('refused' in signedIn) {
    log.warn({ userId: user.id, ip, reason: signedIn.refused }, 'login failed');
    throw new HttpError(401, INVALID_CREDENTIALS);
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

/**
 * GET /auth/user: the signed-in caller, or 401. It runs on most page loads, so it is one primary-key read mapped to
 * the entity (em.map), without the query-building cost of em.findOne (about half the throughput in `npm run bench`).
 */
export async function currentUser(em: EntityManager, caller: Caller): Promise<User> {
  const rows = caller.userId
    ? ((await em.getConnection().execute('select * from users where id = ?', [caller.userId])) as object[])
    : [];
  const user = rows[0] ? em.map(UserSchema, rows[0]) : null;
  if (!user || user.disabledAt) throw new HttpError(401, NOT_AUTHENTICATED);
  return user;
}

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
    throw new HttpError(400, WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  }
  await clearFailures(em, user.id);
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

/** A right password ends the run of failures and any delay (the give-back of `reserveAccountAttempt`). */
async function clearFailures(em: EntityManager, userId: string): Promise<void> {
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

/**
 * PUT /auth/user/language: the signed-in user's language. Only a change is written, in one statement, so the users
 * trigger announces it (decision 005) and the answer waits until the gateways have dropped the session they keep:
 * the next GET /api/auth/user shows the new language.
 */
export async function saveLanguage(
  em: EntityManager,
  ctx: Pick<IdentityContext, 'log'>,
  caller: Caller,
  language: Language,
): Promise<Language> {
  const user = await currentUser(em, caller);
  const changed = await em.nativeUpdate(
    UserSchema,
    { id: user.id, language: { $ne: language } },
    { language, updatedAt: new Date() },
  );
  ctx.log.info({ userId: user.id, language, changed: changed > 0 }, 'language saved');
  return language;
}

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

/** On start: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, unless a user already has that e-mail. */
export async function ensureFirstAdmin(
  em: EntityManager,
  admin: { email?: string; password?: string },
  log: Logger,
): Promise<void> {
  if (!admin.email || !admin.password) {
    if (admin.email || admin.password)
      log.warn('ADMIN_EMAIL and ADMIN_PASSWORD go together; no first admin created');
    return;
  }
  const email = admin.email;
  const password = admin.password;
  await em.fork().transactional(async (tx) => {
    // replicas start together: one creates the admin, the others then find it
    await lockName(tx, 'first-admin');
    if (await findUserByEmail(tx, email)) return;
    const user = await createUser(tx, {
      email,
      password,
      firstName: 'Tullab',
      lastName: 'Admin',
      role: 'admin',
    });
    log.info({ userId: user.id, email: user.email }, 'first admin created from ADMIN_EMAIL');
  });
}
