import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { DEFAULT_LANGUAGE, HttpError, type Caller } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { IdentityContext } from '../../context';
import { lockAccount, type Actor } from '../accounts/service';
import { confirmCurrentPassword } from '../auth/reauthentication';
import { forgetConnections } from '../connect/connected-brands';
import { MfaChallengeSchema } from '../mfa/entities';
import { ResetCodeSchema, ResetGrantSchema } from '../password-reset/entities';
import { StudentProfileSchema } from '../profiles/entities';
import { endUserSessions } from '../sessions/service';
import { students } from '../students/service';
import { currentUser } from '../users/current-user';
import type { Role, User } from '../users/entities';
import { provedEmails } from '../users/proof';
import type { DeleteAccountBody } from '@tullab/contracts';

/** What a deleted account's e-mail becomes: no one's address (`.invalid`, RFC 2606), unique, and free for reuse. */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Anonymises the locked user in the caller's unit of work: every personal field is emptied, the password and second
 * factor forgotten, the account disabled and marked deleted. The verification fields go too (verification erases its
 * own record of them on `account.deleted`). Returns the addresses the person proved (T23), for the event: an e-mail
 * only typed at sign-up may be someone else's, and erasing by it would erase their mail.
 */
function anonymise(user: User, now: Date): string[] {
  const emails = provedEmails(user);
  Object.assign(user, {
    email: deletedEmail(user.id),
    emailProvedAt: null,
    passwordHash: null,
    firstName: '',
    lastName: '',
    phone: null,
    emailMarketing: false,
    whatsappMarketing: false,
    language: DEFAULT_LANGUAGE,
    verificationStatus: 'none',
    studentEmail: null,
    verifiedAt: null,
    verificationChangedAt: now,
    verificationExpiresAt: null,
    institutionName: null,
    failedLoginCount: 0,
    loginBlockedUntil: null,
    locked: false,
    disabledAt: user.disabledAt ?? now,
    deletedAt: now,
    mfaSecret: null,
    mfaEnrolledAt: null,
    mfaLastStep: null,
    mfaEnrolAtSignIn: false,
    updatedAt: now,
  });
  return emails;
}

/**
 * Deletes a student's account (UAE PDPL erasure, decision 009), in one transaction: the user row is locked and
 * anonymised, every session, reset code, reset grant and second-factor challenge ends, the profile goes, so do the
 * brands they connected (issue 30: the provider's sessions, grants and tokens), the step is
 * audited with who asked, and `account.deleted` is stored for verification, offers and notifications to erase theirs.
 * The session broadcasts (decision 005) tell every gateway at once. A second deletion → 409.
 */
export async function deleteAccount(
  em: EntityManager,
  ctx: Pick<IdentityContext, 'log'>,
  userId: string,
  actor: Actor,
  requestId: string | null,
  reason?: string,
): Promise<User> {
  const { user, sessionsEnded } = await em.transactional(async (tx) => {
    const user = await lockAccount(tx, students, userId);
    if (user.deletedAt) throw new HttpError(409, 'This account was already deleted');
    const fromStatus = user.disabledAt ? 'disabled' : 'enabled';
    const now = new Date();
    const emails = anonymise(user, now);
    const sessionsEnded = await endUserSessions(tx, user.id);
    await tx.nativeDelete(ResetCodeSchema, { userId: user.id });
    await tx.nativeDelete(ResetGrantSchema, { userId: user.id });
    await tx.nativeDelete(MfaChallengeSchema, { userId: user.id });
    await tx.nativeDelete(StudentProfileSchema, { userId: user.id });
    await forgetConnections(tx, user.id);
    recordAudit(tx, actor, requestId, {
      action: 'delete-account',
      resource: students.resource,
      resourceId: user.id,
      subjectId: user.id,
      fromStatus,
      toStatus: 'deleted',
      reason: reason || null,
    });
    addToOutbox(
      tx,
      'account.deleted',
      {
        userId: user.id,
        emails,
        deletedAt: now.toISOString(),
        actor: { userId: actor.userId as string, role: actor.role as Exclude<Role, 'merchant'> },
      },
      requestId,
    );
    return { user, sessionsEnded };
  });
  ctx.log.info(
    { userId: user.id, by: actor.userId, byRole: actor.role, sessionsEnded },
    'account deleted; personal data erased',
  );
  return user;
}

/** POST /students/delete-account: the signed-in student, once their password is confirmed (counted as S11). */
export async function deleteOwnAccount(
  em: EntityManager,
  ctx: IdentityContext,
  input: DeleteAccountBody,
  caller: Caller,
  requestId: string | null,
): Promise<void> {
  const user = await currentUser(em, caller);
  await confirmCurrentPassword(em, ctx, user, input.currentPassword, 'account deletion');
  await deleteAccount(em, ctx, user.id, caller, requestId);
}
