import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { StatusChangedPayload, VerificationStatus } from '@tullab/contracts';
import { UserSchema, type User } from './entities';

/**
 * The verification status identity reports (decision 002): an `active` verification whose `expiresAt` has come
 * counts as `expired` from that very second, without waiting for verification's sweep to publish the expiry. Every
 * answer built from a User goes through this.
 */
export function effectiveVerificationStatus(
  user: Pick<User, 'verificationStatus' | 'verificationExpiresAt'>,
  now = new Date(),
): VerificationStatus {
  const expiresAt = user.verificationExpiresAt;
  const lapsed = user.verificationStatus === 'active' && expiresAt && expiresAt.getTime() <= now.getTime();
  return lapsed ? 'expired' : user.verificationStatus;
}

/** The day an `active` verification lapses (`YYYY-MM-DD`, UTC), as a brand is told it; null for any other status. */
export function verifiedUntil(
  user: Pick<User, 'verificationStatus' | 'verificationExpiresAt'>,
): string | null {
  if (effectiveVerificationStatus(user) !== 'active') return null;
  return user.verificationExpiresAt?.toISOString().slice(0, 10) ?? null;
}

export interface AppliedStatusChange {
  user: User;
  /** false when the change was no newer than the status identity already held */
  applied: boolean;
  /** whether the change ended a verification that was `active` (an expiry, a revocation, a new request) */
  endedActive: boolean;
}

/**
 * Applies a `verification.status_changed` fact to its user: the event handler and a verification receipt both come
 * here (decision 002). A change no newer than the one held changes nothing, since events may arrive out of order
 * after retries and a receipt's change arrives again later as the event: the same change twice has one effect. The
 * user row is locked until the caller's transaction ends, so concurrent changes apply one after the other.
 * Null when there is no such user.
 */
export async function applyStatusChange(
  em: EntityManager,
  change: StatusChangedPayload,
  now = new Date(),
): Promise<AppliedStatusChange | null> {
  const user = await em.findOne(UserSchema, { id: change.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user) return null;
  // a deleted account (decision 009) takes no verification any more: verification has erased it too
  if (user.deletedAt) return { user, applied: false, endedActive: false };
  const changedAt = new Date(change.changedAt);
  if (user.verificationChangedAt && changedAt.getTime() <= user.verificationChangedAt.getTime()) {
    return { user, applied: false, endedActive: false };
  }
  const active = change.status === 'active';
  const endedActive = user.verificationStatus === 'active' && !active;
  user.verificationStatus = change.status;
  if (change.studentEmail) user.studentEmail = change.studentEmail.toLowerCase();
  user.verifiedAt = active ? changedAt : null;
  user.verificationExpiresAt = active && change.expiresAt ? new Date(change.expiresAt) : null;
  // Kept only while active, as this change named it: a brand is told the institution of a current verification only
  // (decision 019), a later one may be at another institution, and verification keeps the history, not identity.
  user.institutionName = active ? (change.institutionName ?? null) : null;
  user.verificationChangedAt = changedAt;
  user.updatedAt = now;
  return { user, applied: true, endedActive };
}
