import type { EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { addToOutbox } from '@tullab/events';
import { type StatusChangedPayload, type VerificationStatus } from '@tullab/contracts';
import { HttpError, type Identity } from '@tullab/http';
import type { Config } from '../../config';
import { StudentStatusSchema, type StudentStatus } from './entities';

/** The signed-in student as the gateway describes them (identity header). */
export interface Student {
  userId: string;
  /** their own (personal) e-mail: where mail about their requests goes */
  email: string;
  firstName: string;
}

/** The caller as a student; the gateway always sends the e-mail and name of a signed-in user. */
export function studentOf(identity: Identity): Student {
  if (!identity.userId) throw new HttpError(401, 'Not authenticated');
  if (!identity.email) throw new HttpError(400, 'Your session has no e-mail address; please sign in again');
  return {
    userId: identity.userId,
    email: identity.email.toLowerCase(),
    firstName: identity.firstName ?? '',
  };
}

/** Days before expiry when a student may verify again, and when the reminders go out. */
export const RENEWAL_WINDOW_DAYS = 28;
export const LAST_REMINDER_DAYS = 7;
const DAY_MS = 24 * 3600_000;

/** When a verification granted at `verifiedAt` lapses: VERIFICATION_EXPIRES_ON if still ahead, else N months on. */
export function expiryFor(
  config: Pick<Config, 'VERIFICATION_VALID_MONTHS' | 'VERIFICATION_EXPIRES_ON'>,
  verifiedAt: Date,
): Date {
  if (config.VERIFICATION_EXPIRES_ON) {
    const fixed = new Date(`${config.VERIFICATION_EXPIRES_ON}T23:59:59.999Z`);
    if (fixed > verifiedAt) return fixed;
  }
  const expiry = new Date(verifiedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + config.VERIFICATION_VALID_MONTHS);
  return expiry;
}

/** The status as it counts now: an `active` verification past its expiry is `expired` from that second. */
export function effectiveStatus(row: StudentStatus | null, now = new Date()): VerificationStatus {
  if (!row) return 'none';
  if (row.status === 'active' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** A verified student may verify again only in the last 28 days before expiry (to renew it). */
export function assertMayVerify(row: StudentStatus | null, now = new Date()): void {
  if (effectiveStatus(row, now) !== 'active') return;
  if (row?.expiresAt && row.expiresAt.getTime() - now.getTime() <= RENEWAL_WINDOW_DAYS * DAY_MS) return;
  throw new HttpError(409, 'Your student status is already verified.', { code: 'already_verified' });
}

export function findStatus(em: EntityManager, userId: string): Promise<StudentStatus | null> {
  return em.findOne(StudentStatusSchema, { userId });
}

/**
 * Serialises everything that changes one student's verification (two tabs sending codes, a staff decision meeting a
 * correct code): a transaction-scoped advisory lock on the user id.
 */
export async function lockStudent(tx: EntityManager, userId: string): Promise<StudentStatus | null> {
  await lockName(tx, userId);
  return tx.findOne(StudentStatusSchema, { userId }, { refresh: true });
}

/** One student e-mail verifies one account (the unique index backs this up under races). */
export async function assertEmailFree(
  tx: EntityManager,
  userId: string,
  studentEmail: string,
): Promise<void> {
  const owner = await tx.findOne(StudentStatusSchema, {
    studentEmail,
    verifiedAt: { $ne: null },
    userId: { $ne: userId },
  });
  if (owner)
    throw new HttpError(409, 'This student email is already verified on another account.', {
      code: 'student_email_taken',
    });
}

export interface StatusChange {
  status: VerificationStatus;
  studentEmail?: string | null;
  institution?: { id?: string | null; name?: string | null };
  /** for `active`: when it was granted (now) */
  verifiedAt?: Date;
  reason?: string;
}

/**
 * Changes a student's verification in the caller's unit of work and announces it (`verification.status_changed`
 * in the outbox, same flush). Returns the announced payload, which a verify-otp answer also seals as its receipt.
 */
export function changeStatus(
  tx: EntityManager,
  config: Config,
  row: StudentStatus | null,
  student: Student,
  change: StatusChange,
  requestId: string | null,
): { row: StudentStatus; payload: StatusChangedPayload } {
  const now = change.verifiedAt ?? new Date();
  const current =
    row ??
    tx.create(StudentStatusSchema, {
      userId: student.userId,
      status: 'none',
      studentEmail: null,
      institutionId: null,
      institutionName: null,
      personalEmail: student.email,
      firstName: student.firstName,
      verifiedAt: null,
      expiresAt: null,
      remindedEarlyAt: null,
      remindedLateAt: null,
      changedAt: now,
    });
  current.status = change.status;
  current.personalEmail = student.email;
  if (student.firstName) current.firstName = student.firstName;
  if (change.studentEmail !== undefined) current.studentEmail = change.studentEmail;
  if (change.institution) {
    current.institutionId = change.institution.id ?? null;
    current.institutionName = change.institution.name ?? null;
  }
  if (change.status === 'active') {
    current.verifiedAt = change.verifiedAt ?? now;
    current.expiresAt = expiryFor(config, current.verifiedAt);
    current.remindedEarlyAt = null;
    current.remindedLateAt = null;
  }
  current.changedAt = now;
  const payload: StatusChangedPayload = {
    userId: student.userId,
    status: change.status,
    changedAt: now.toISOString(),
    ...(current.studentEmail ? { studentEmail: current.studentEmail } : {}),
    ...(change.reason ? { reason: change.reason } : {}),
    ...(change.status === 'active' && current.expiresAt
      ? { expiresAt: current.expiresAt.toISOString() }
      : {}),
    ...(change.status === 'active' && current.institutionName
      ? { institutionName: current.institutionName }
      : {}),
  };
  addToOutbox(tx, 'verification.status_changed', payload, requestId);
  return { row: current, payload };
}

/** GET /students/verify: the caller's verification as it stands, with a sentence that explains it. */
export function statusView(row: StudentStatus | null, pendingDocuments: number, now = new Date()) {
  const status = effectiveStatus(row, now);
  const messages: Record<VerificationStatus, string> = {
    none: 'Verify your student status to redeem offers.',
    pending: 'Your verification is being reviewed.',
    unrecognized_domain: "We're verifying your enrollment manually.",
    active: 'Your student status is verified.',
    rejected: 'Your verification was not approved. Please try again or contact support.',
    expired: 'Your student verification has expired. Please verify again to keep redeeming offers.',
  };
  return {
    status,
    message: messages[status],
    studentEmail: row?.studentEmail ?? null,
    institution: row?.institutionName ?? null,
    verifiedAt: row?.verifiedAt ?? null,
    expiresAt: row?.expiresAt ?? null,
    pendingDocuments,
  };
}
