import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { type DocumentFields, documentMessages, type StatusChangedPayload } from '@tullab/contracts';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Language, type ReceivedFile } from '@tullab/http';
import { safeFileName, acceptedFileKind, fileKinds } from '@tullab/storage';
import type { VerificationContext } from '../../context';
import { alertStaffAboutRequest } from '../requests/alerts';
import { VerificationRequestSchema, type VerificationRequest } from '../requests/entities';
import { pendingDocuments } from '../requests/pending';
import {
  assertMayVerify,
  changeStatus,
  effectiveStatus,
  findStatus,
  lockStudent,
  type Student,
} from '../students/service';

const ACCEPTED = ['jpeg', 'png', 'webp', 'pdf'] as const;
/** S22 (PC): at most this many documents of one student wait for review at once. */
export const MAX_PENDING_DOCUMENTS = 5;

/** The failure matrix's answer when the object store is down. */
export const storageUnavailable = () =>
  new HttpError(503, 'Document storage is unavailable right now. Please try again in a few minutes.');

export function tooManyPending(): HttpError {
  return new HttpError(
    409,
    `You already have ${MAX_PENDING_DOCUMENTS} documents waiting for review. Please wait for a decision.`,
    { code: 'documents_pending_limit' },
  );
}

/**
 * Whether the student uploaded another document within the last day: then that upload's confirmation stands for this
 * one too. An unverified account's address is only what it typed at registration, so it is mailed at most one
 * confirmation a day (docs/security.md, "No mail relay").
 */
async function uploadedWithinADay(tx: EntityManager, userId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  return (
    (await tx.count(VerificationRequestSchema, { userId, method: 'document', createdAt: { $gt: since } })) > 0
  );
}

/** A stored document, and the status change it made (null when the student's status stayed as it was). */
export interface UploadedDocument {
  request: VerificationRequest;
  statusChange: StatusChangedPayload | null;
}

/**
 * POST /students/verify-document. The file's type comes from its bytes and must agree with its name (S21); the
 * object is written to the private bucket under a random key first and the row after (failure matrix: an outage
 * is a 503 and leaves no row pointing at a missing file; a process killed between the two leaves a file no row
 * names, which the `orphaned-files` retention policy deletes). The request waits for staff as `pending`, the student
 * gets a "document received" e-mail (one a day, in `language`, the app's, which the request keeps for the mails that
 * follow) and staff an alert, all in one transaction with the status change. The institution the student typed is
 * kept with the request and, unless they are verified already, as the institution of their verification, which
 * GET /students/verify shows (the latest upload's until staff decide). The status change made is returned: the route
 * seals it as the answer's verification receipt (decision 002).
 */
export async function uploadDocument(
  em: EntityManager,
  ctx: VerificationContext,
  student: Student,
  fields: DocumentFields,
  file: ReceivedFile | null,
  language: Language,
  requestId: string | null,
): Promise<UploadedDocument> {
  if (!file || file.size === 0)
    throw new HttpError(400, documentMessages.noFile, { errors: { document: documentMessages.noFile } });
  const kind = acceptedFileKind(file.buffer, file.originalName, ACCEPTED);
  if (!kind)
    throw new HttpError(415, documentMessages.invalidType, {
      code: 'file_type_not_allowed',
      errors: { document: documentMessages.invalidType },
    });
  // Checked before the upload so a refused student costs no storage; checked again under the lock below.
  assertMayVerify(await findStatus(em, student.userId));
  if ((await pendingDocuments(em, student.userId)) >= MAX_PENDING_DOCUMENTS) throw tooManyPending();

  const key = `docs/${randomUUID()}`;
  await ctx.documents.put(key, file.buffer, fileKinds[kind].mime).catch((err: Error) => {
    ctx.log.error({ userId: student.userId, err: err.message }, 'document not stored: object storage failed');
    throw storageUnavailable();
  });
  try {
    const uploaded = await em.transactional(async (tx) => {
      const row = await lockStudent(tx, student.userId);
      assertMayVerify(row);
      if ((await pendingDocuments(tx, student.userId)) >= MAX_PENDING_DOCUMENTS) throw tooManyPending();
      const now = new Date();
      const confirmedToday = await uploadedWithinADay(tx, student.userId, now);
      const created = tx.create(VerificationRequestSchema, {
        id: randomUUID(),
        userId: student.userId,
        method: 'document',
        status: 'pending',
        studentEmail: null,
        emailDomain: null,
        domainRecognised: false,
        institutionId: null,
        institutionName: fields.institution,
        documentType: fields.documentType,
        documentKey: key,
        documentKind: kind,
        documentName: safeFileName(file.originalName),
        documentSize: file.size,
        personalEmail: student.email,
        firstName: student.firstName,
        language,
        reason: null,
        reviewerId: null,
        decidedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      let statusChange: StatusChangedPayload | null = null;
      // a verified student renewing keeps the verified institution until staff approve this one
      if (effectiveStatus(row) !== 'active') {
        const institution = { id: null, name: fields.institution };
        if (row?.status === 'pending')
          Object.assign(row, { institutionId: null, institutionName: institution.name });
        else
          statusChange = changeStatus(
            tx,
            ctx.config,
            row,
            student,
            { status: 'pending', institution },
            requestId,
          ).payload;
      }
      if (!confirmedToday)
        addToOutbox(
          tx,
          'email.requested',
          {
            to: student.email,
            userId: student.userId,
            template: 'verification-document-received',
            data: { documentType: fields.documentType },
            language,
          },
          requestId,
        );
      alertStaffAboutRequest(tx, ctx.config, created, requestId);
      return { request: created, statusChange };
    });
    ctx.log.info(
      { userId: student.userId, verificationRequestId: uploaded.request.id, kind, size: file.size },
      'document received',
    );
    return uploaded;
  } catch (err) {
    // No row points at the object: remove it now (the orphaned-files retention policy deletes it if this fails too).
    await ctx.documents
      .remove(key)
      .catch((removeErr: Error) =>
        ctx.log.warn({ key, err: removeErr.message }, 'orphan document left for the orphaned-files policy'),
      );
    throw err;
  }
}
