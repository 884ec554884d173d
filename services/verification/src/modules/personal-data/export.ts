import type { EntityManager } from '@mikro-orm/core';
import { HttpError, type Identity } from '@tullab/http';
import { EmailCodeSchema } from '../email-codes/entities';
import { VerificationRequestSchema } from '../requests/entities';
import { findStatus, statusView } from '../students/service';
import { pendingDocuments } from '../requests/pending';

/**
 * Verification's part of a student's data export (decision 009): the status as it stands, every request with its
 * institution, document metadata (never the file or its key) and decision, and the e-mail codes sent (never a code:
 * only its HMAC is stored). `emails` are the addresses the person used here, for notifications' part.
 */
export async function exportVerification(em: EntityManager, userId: string, caller: Identity) {
  if (caller.userId !== userId && caller.role !== 'admin') throw new HttpError(403, 'Forbidden');
  const [status, pending, requests, codes] = await Promise.all([
    findStatus(em, userId),
    pendingDocuments(em, userId),
    em.find(VerificationRequestSchema, { userId }, { orderBy: { createdAt: 'asc' } }),
    em.find(EmailCodeSchema, { userId }, { orderBy: { createdAt: 'asc' } }),
  ]);
  const emails = new Set<string>();
  for (const address of [
    status?.personalEmail,
    status?.studentEmail,
    ...requests.flatMap((request) => [request.personalEmail, request.studentEmail]),
  ])
    if (address) emails.add(address.toLowerCase());
  return {
    emails: [...emails],
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
