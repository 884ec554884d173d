import type { EntityManager } from '@mikro-orm/core';
import { HttpError, type Identity } from '@tullab/http';
import { EmailCodeSchema } from '../email-codes/entities';
import { provedStudentEmails } from '../email-codes/proved';
import { VerificationRequestSchema } from '../requests/entities';
import { findStatus, statusView } from '../students/service';
import { pendingDocuments } from '../requests/pending';

/**
 * Verification's part of a student's data export (decision 009): the status as it stands, every request with its
 * institution, document metadata (never the file or its key) and decision, and the e-mail codes sent (never a code:
 * only its HMAC is stored). `emails` are only the student e-mails the person proved with a code (T23), for
 * notifications' part: never one merely typed or sent for review, never the platform's inbox.
 */
export async function exportVerification(
  em: EntityManager,
  userId: string,
  caller: Identity,
  supportEmail: string,
) {
  if (caller.userId !== userId && caller.role !== 'admin') throw new HttpError(403, 'Forbidden');
  const [status, pending, requests, codes, proved] = await Promise.all([
    findStatus(em, userId),
    pendingDocuments(em, userId),
    em.find(VerificationRequestSchema, { userId }, { orderBy: { createdAt: 'asc' } }),
    em.find(EmailCodeSchema, { userId }, { orderBy: { createdAt: 'asc' } }),
    provedStudentEmails(em, userId, supportEmail),
  ]);
  return {
    emails: proved,
    data: {
      status: status && statusView(status, pending),
      requests: requests.map((request) => ({
        id: request.id,
        method: request.method,
        status: request.status,
        studentEmail: request.studentEmail ?? null,
        institution: request.institutionName ?? null,
        document: request.documentType
          ? {
              type: request.documentType,
              fileName: request.documentName ?? null,
              kind: request.documentKind ?? null,
              size: request.documentSize ?? null,
              stored: request.documentKey !== null && !request.documentDeletedAt,
            }
          : null,
        decision: request.decidedAt ? { at: request.decidedAt, reason: request.reason ?? null } : null,
        language: request.language,
        createdAt: request.createdAt,
      })),
      emailCodes: codes.map((code) => ({
        studentEmail: code.studentEmail,
        sentAt: code.createdAt,
        expiresAt: code.expiresAt,
        usedAt: code.usedAt ?? null,
      })),
    },
  };
}
