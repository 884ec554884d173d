import type { EntityManager } from '@mikro-orm/core';
import { HttpError } from '@tullab/http';
import { AuditLogSchema, recordAudit } from '@tullab/audit-log';
import { lockAccount, type Actor } from '../accounts/service';
import { listConnectedBrands } from '../connect/connected-brands';
import { StudentProfileSchema } from '../profiles/entities';
import { SessionSchema } from '../sessions/entities';
import { students } from '../students/service';
import { UserSchema } from '../users/entities';
import { provedEmails } from '../users/proof';
import { effectiveVerificationStatus } from '../users/verification';

/**
 * Identity's part of a student's data export (decision 009): the account, the verification as identity holds it, the
 * profile, the live sessions (no token: only their hashes are stored), what staff did to the account (without
 * naming the staff member) and the brands they connected (issue 30). `emails` are the addresses the person proved (T23: the account's e-mail once a code or link
 * sent there was used), by which notifications reaches their mail tied to no account; an e-mail only typed is not one.
 */
export async function exportAccount(em: EntityManager, userId: string) {
  const user = await em.findOne(UserSchema, { id: userId, role: { $in: students.roles } });
  if (!user) throw new HttpError(404, students.notFound);
  const [profile, sessions, actions, connectedBrands] = await Promise.all([
    em.findOne(StudentProfileSchema, { userId }),
    em.find(SessionSchema, { userId }, { orderBy: { createdAt: 'asc' } }),
    em.find(AuditLogSchema, { subjectId: userId }, { orderBy: { createdAt: 'asc' } }),
    listConnectedBrands(em, userId),
  ]);
  return {
    emails: provedEmails(user),
    data: {
      account: {
        id: user.id,
        email: user.email,
        emailProvedAt: user.emailProvedAt ?? null,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone ?? null,
        emailMarketing: user.emailMarketing,
        whatsappMarketing: user.whatsappMarketing,
        language: user.language,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
        disabledAt: user.disabledAt ?? null,
        deletedAt: user.deletedAt ?? null,
        failedSignInsInARow: user.failedLoginCount,
      },
      verification: {
        status: effectiveVerificationStatus(user),
        studentEmail: user.studentEmail ?? null,
        verifiedAt: user.verifiedAt ?? null,
        expiresAt: user.verificationExpiresAt ?? null,
        institution: user.institutionName ?? null,
      },
      profile: profile && {
        phoneNumber: profile.phoneNumber ?? null,
        createdAt: profile.createdAt,
        updatedAt: profile.updatedAt,
      },
      sessions: sessions.map((session) => ({
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
      })),
      accountHistory: actions.map((row) => ({
        action: row.action,
        at: row.createdAt,
        byRole: row.actorRole,
        fromStatus: row.fromStatus ?? null,
        toStatus: row.toStatus ?? null,
        reason: row.reason ?? null,
      })),
      // issue 30: the brands' apps they allowed to verify them, and what each may learn
      connectedBrands,
    },
  };
}

/**
 * The gateway asks for the export of `userId` on behalf of the signed identity: the student themself, or an admin on
 * the student's request, which is audited (S31) with the admin as the actor.
 */
export async function exportFor(em: EntityManager, userId: string, caller: Actor, requestId: string | null) {
  if (caller.userId !== userId && caller.role !== 'admin') throw new HttpError(403, 'Forbidden');
  if (caller.userId === userId) return exportAccount(em, userId);
  return em.transactional(async (tx) => {
    await lockAccount(tx, students, userId);
    recordAudit(tx, caller, requestId, {
      action: 'export-personal-data',
      resource: students.resource,
      resourceId: userId,
      subjectId: userId,
    });
    return exportAccount(tx, userId);
  });
}
