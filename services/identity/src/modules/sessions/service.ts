import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { randomToken, sha256Hex } from '@tullab/http';
import { isStaffRole, UserSchema, type Role, type User } from '../users/entities';
import { toPublicUser, type PublicUser } from '../users/public-user';
import { SessionSchema } from './entities';

/**
 * SECURITY S6: students (AAL1-like) 30 days absolute / 7 days idle; staff and admins 12 h / 30 min. Merchants
 * (decision 016) sign in with a password alone, like students, but what they reach is a brand's business (its codes,
 * its offers, its figures), so their sessions are shorter: 7 days absolute / 24 h idle, a working week without
 * signing in every morning, ended by a day away.
 */
export const sessionLifetimes: Record<Role, { absoluteSeconds: number; idleSeconds: number }> = {
  student: { absoluteSeconds: 30 * 24 * 3600, idleSeconds: 7 * 24 * 3600 },
  staff: { absoluteSeconds: 12 * 3600, idleSeconds: 30 * 60 },
  admin: { absoluteSeconds: 12 * 3600, idleSeconds: 30 * 60 },
  merchant: { absoluteSeconds: 7 * 24 * 3600, idleSeconds: 24 * 3600 },
};

/** last_seen_at is written at most this often, so resolving a session is usually a read. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface IssuedSession {
  sessionId: string;
  /** the cookie value; only its SHA-256 is stored */
  token: string;
  /** seconds until the absolute expiry: the cookie's Max-Age */
  maxAge: number;
  /** staff and admin sessions are SameSite=Strict (S5); students' and merchants' Lax, so a link in a mail works */
  staff: boolean;
}

/** Adds a new session for the user to the unit of work (the caller flushes). */
export function issueSession(
  em: EntityManager,
  user: Pick<User, 'id' | 'role'>,
  now = new Date(),
): IssuedSession {
  const token = randomToken();
  const { absoluteSeconds } = sessionLifetimes[user.role];
  const session = em.create(SessionSchema, {
    id: randomUUID(),
    userId: user.id,
    tokenHash: sha256Hex(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + absoluteSeconds * 1000),
  });
  return { sessionId: session.id, token, maxAge: absoluteSeconds, staff: isStaffRole(user.role) };
}

/**
 * The caller as the gateway puts it in the identity header (decision 002 adds `email` and `firstName`), the user as
 * GET /auth/user shows it, and until when the gateway may keep all of it without asking again (decision 005).
 */
export interface ResolvedSession {
  userId: string;
  role: Role;
  /** the effective status: an active verification past its expiry is `expired` */
  verificationStatus: string;
  sessionId: string;
  email: string;
  firstName: string;
  /** a merchant's brand (decision 016): the gateway signs it into the identity header */
  brandId?: string;
  user: PublicUser;
  /** epoch ms: the session's absolute or idle end, or the moment the verification lapses, whichever comes first */
  cacheUntil: number;
}

interface SessionColumns {
  session_id: string;
  /** raw queries get timestamps as the driver's strings */
  session_last_seen_at: string | Date;
  session_expires_at: string | Date;
}

const millis = (value: string | Date) => (value instanceof Date ? value : new Date(value)).getTime();

/**
 * The gateway's check of a session it does not keep (ADR 001), so it is one indexed read: the session by token hash
 * joined to its user by primary key. A dead session (absolute or idle expiry, disabled user, a staff member without a
 * second factor: S37, a merchant without a brand) is deleted; a live one is touched at most once a minute.
 */
export async function resolveSession(
  em: EntityManager,
  token: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const connection = em.getConnection();
  const [row] = (await connection.execute(
    `select u.*, s.id as session_id, s.last_seen_at as session_last_seen_at, s.expires_at as session_expires_at
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = ?`,
    [sha256Hex(token)],
  )) as (SessionColumns & Record<string, unknown>)[];
  if (!row) return null;
  const {
    session_id: sessionId,
    session_last_seen_at: lastSeenAt,
    session_expires_at: expiresAt,
    ...userRow
  } = row;
  const user = em.map(UserSchema, userRow);
  const idleMs = sessionLifetimes[user.role].idleSeconds * 1000;
  let lastSeen = millis(lastSeenAt);
  const alive =
    millis(expiresAt) > now.getTime() &&
    lastSeen + idleMs > now.getTime() &&
    !user.disabledAt &&
    (!isStaffRole(user.role) || Boolean(user.mfaEnrolledAt)) &&
    (user.role !== 'merchant' || Boolean(user.brandId));
  if (!alive) {
    await connection.execute('delete from sessions where id = ?', [sessionId]);
    return null;
  }
  if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) {
    await connection.execute('update sessions set last_seen_at = ? where id = ? and last_seen_at < ?', [
      now,
      sessionId,
      now,
    ]);
    lastSeen = now.getTime();
  }
  const publicUser = toPublicUser(user, now);
  const lapses =
    publicUser.verification.status === 'active' ? user.verificationExpiresAt?.getTime() : undefined;
  return {
    userId: user.id,
    role: user.role,
    verificationStatus: publicUser.verification.status,
    sessionId,
    email: user.email,
    firstName: user.firstName,
    ...(user.role === 'merchant' && user.brandId && { brandId: user.brandId }),
    user: publicUser,
    cacheUntil: Math.min(millis(expiresAt), lastSeen + idleMs, lapses ?? Infinity),
  };
}

/** Deletes one session of a user (logout, or the pre-login session on sign-in: S7). */
export async function endSession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(SessionSchema, { id: sessionId });
}

/** Deletes every session of a user, or every one but `keep` (S7, S9). Returns how many ended. */
export function endUserSessions(em: EntityManager, userId: string, keep?: string): Promise<number> {
  return em.nativeDelete(SessionSchema, keep ? { userId, id: { $ne: keep } } : { userId });
}
