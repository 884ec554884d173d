import { randomUUID } from 'node:crypto';
import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { addToOutbox } from '@tullab/events';
import { HttpError, type Identity, type ListQuery } from '@tullab/http';
import { recordAudit } from '@tullab/audit-log';
import type { VerificationContext } from '../../context';
import { InstitutionDomainSchema, InstitutionSchema } from '../institutions/entities';
import { VerificationRequestSchema, type VerificationRequest } from '../requests/entities';
import {
  assertEmailFree,
  changeStatus,
  effectiveStatus,
  lockStudent,
  type Student,
} from '../students/service';
import type {
  ApproveVerificationBody as ApproveBody,
  RejectVerificationBody as RejectBody,
} from '@tullab/contracts';

export const RESOURCE = 'verifications';

/** A request as the admin API shows it: everything but the object key. */
export type VerificationRecord = Omit<VerificationRequest, 'documentKey'> & { hasDocument: boolean };

export function toRecord(request: VerificationRequest): VerificationRecord {
  const { documentKey, ...fields } = request;
  return { ...fields, hasDocument: documentKey !== null };
}

export async function listVerifications(
  em: EntityManager,
  query: ListQuery,
): Promise<{ items: VerificationRecord[]; total: number }> {
  const [requests, total] = await em.findAndCount(
    VerificationRequestSchema,
    query.where as FilterQuery<VerificationRequest>,
    { orderBy: query.orderBy, offset: query.offset, limit: query.limit },
  );
  return { items: requests.map(toRecord), total };
}

interface SummaryRow {
  method: string;
  count: number;
  oldest: Date;
}

/** What waits for staff, for the console's counters. */
export async function reviewSummary(em: EntityManager) {
  const found = await rows<SummaryRow>(
    em,
    `select method, count(*)::int as count, min(created_at) as oldest
         from verification_request where status = 'pending' group by method`,
  );
  const count = (method: string) => found.filter((r) => r.method === method).reduce((n, r) => n + r.count, 0);
  const oldest = found.map((r) => new Date(r.oldest)).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return {
    pending: count('email') + count('document'),
    pendingDocuments: count('document'),
    pendingUnrecognisedEmails: count('email'),
    oldestPendingAt: oldest,
    perDay: await verificationsPerDay(em),
  };
}

/** The last 30 days (Dubai time), oldest first: requests submitted, approved and rejected each day. */
async function verificationsPerDay(em: EntityManager) {
  return rows<{ day: string; submitted: number; approved: number; rejected: number }>(
    em,
    `with days as (
       select generate_series(local_today - 29, local_today, interval '1 day')::date as day
         from (select (now() at time zone 'Asia/Dubai')::date as local_today) today),
     submitted as (
       select (created_at at time zone 'Asia/Dubai')::date as day, count(*) as n from verification_request
        where created_at > now() - interval '31 days' and status <> 'cancelled' group by 1),
     decided as (
       select (decided_at at time zone 'Asia/Dubai')::date as day,
              count(*) filter (where status = 'approved') as approved,
              count(*) filter (where status = 'rejected') as rejected
         from verification_request where decided_at > now() - interval '31 days' group by 1)
     select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.n, 0)::int as submitted,
            coalesce(d.approved, 0)::int as approved, coalesce(d.rejected, 0)::int as rejected
       from days left join submitted s on s.day = days.day left join decided d on d.day = days.day
      order by days.day`,
  );
}

type Decision = 'approve' | 'reject';

const alreadyReviewed = () =>
  new HttpError(409, 'This verification was already reviewed', { code: 'already_reviewed' });

/**
 * A staff decision on a pending request (CONVENTIONS "Inside a service", its example): taken once (the row is locked
 * and must still be pending, else 409), and in one transaction: the request's new state, the student's status, the
 * audit row (S31), `verification.status_changed` and the e-mail to the student.
 */
export async function decide(
  em: EntityManager,
  ctx: VerificationContext,
  id: string,
  decision: Decision,
  input: ApproveBody | RejectBody,
  actor: Identity,
  requestId: string | null,
): Promise<VerificationRecord> {
  const record = await em.transactional(async (tx) => {
    const found = await tx.findOne(VerificationRequestSchema, { id });
    if (!found) throw new HttpError(404, 'Verification not found');
    const row = await lockStudent(tx, found.userId);
    const request = await tx.findOneOrFail(VerificationRequestSchema, { id }, { refresh: true });
    if (request.status !== 'pending') throw alreadyReviewed();
    const now = new Date();
    const student: Student = {
      userId: request.userId,
      email: request.personalEmail,
      firstName: request.firstName,
    };
    const fromStatus = request.status;
    Object.assign(request, { reviewerId: actor.userId, decidedAt: now, updatedAt: now });

    if (decision === 'approve') {
      if (request.studentEmail) await assertEmailFree(tx, request.userId, request.studentEmail);
      const { addDomainToInstitutionId } = input as ApproveBody;
      if (addDomainToInstitutionId) await teachDomain(tx, request, addDomainToInstitutionId);
      request.status = 'approved';
      const { row: updated } = changeStatus(
        tx,
        ctx.config,
        row,
        student,
        {
          status: 'active',
          ...(request.studentEmail ? { studentEmail: request.studentEmail } : {}),
          institution: { id: request.institutionId, name: request.institutionName },
          verifiedAt: now,
        },
        requestId,
      );
      // Every other request of the student is settled by this approval.
      await tx.nativeUpdate(
        VerificationRequestSchema,
        { userId: request.userId, id: { $ne: request.id }, status: { $in: ['pending', 'awaiting_code'] } },
        { status: 'cancelled', updatedAt: now },
      );
      addToOutbox(
        tx,
        'email.requested',
        {
          to: request.personalEmail,
          userId: request.userId,
          template: 'verification-approved',
          data: { firstName: request.firstName, expiresOn: isoDate(updated.expiresAt ?? now) },
          language: request.language,
        },
        requestId,
      );
    } else {
      const { reason } = input as RejectBody;
      request.status = 'rejected';
      request.reason = reason;
      const othersPending = await tx.count(VerificationRequestSchema, {
        userId: request.userId,
        id: { $ne: request.id },
        status: 'pending',
      });
      // A verified student keeps their status, and one with another request waiting stays pending.
      if (effectiveStatus(row, now) !== 'active' && othersPending === 0)
        changeStatus(tx, ctx.config, row, student, { status: 'rejected', reason }, requestId);
      addToOutbox(
        tx,
        'email.requested',
        {
          to: request.personalEmail,
          userId: request.userId,
          template: 'verification-rejected',
          data: { firstName: request.firstName, reason },
          language: request.language,
        },
        requestId,
      );
    }
    recordAudit(tx, actor, requestId, {
      action: decision,
      resource: RESOURCE,
      resourceId: request.id,
      subjectId: request.userId,
      fromStatus,
      toStatus: request.status,
      reason: request.reason,
    });
    return toRecord(request);
  });
  ctx.log.info({ verificationId: id, decision, by: actor.userId }, 'verification reviewed');
  return record;
}

/** "Also add this domain to the institution": the unrecognised e-mail's domain becomes one of its domains. */
async function teachDomain(
  tx: EntityManager,
  request: VerificationRequest,
  institutionId: string,
): Promise<void> {
  if (!request.emailDomain)
    throw new HttpError(400, 'Only an e-mail verification has a domain to add', {
      errors: { addDomainToInstitutionId: 'Only an e-mail verification has a domain to add' },
    });
  const institution = await tx.findOne(InstitutionSchema, { id: institutionId });
  if (!institution)
    throw new HttpError(400, 'Please choose an institution', {
      errors: { addDomainToInstitutionId: 'Please choose an institution' },
    });
  const existing = await tx.findOne(InstitutionDomainSchema, { domain: request.emailDomain });
  if (existing && existing.institutionId !== institutionId)
    throw new HttpError(409, `${request.emailDomain} already belongs to another institution`, {
      code: 'domain_taken',
    });
  if (!existing)
    tx.create(InstitutionDomainSchema, {
      id: randomUUID(),
      institutionId,
      domain: request.emailDomain,
      kind: 'institution',
      confidence: 'high',
      createdAt: new Date(),
    });
  request.institutionId = institution.id;
  request.institutionName = institution.name;
}

/** "21 November 2027" (the day in the UAE), as staff read dates in the admin API's messages. */
export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Dubai',
  }).format(date);
}

/**
 * "2027-11-21": the same day in the UAE as `formatDate`, as the e-mails carry dates (notifications writes it in the
 * recipient's language).
 */
export function isoDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Asia/Dubai',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The document of a request, for staff only (S24), with the view audited (S31) before a byte leaves. Null when the
 * request has no document; 410 once the retention policy deleted its file.
 */
export async function openDocument(
  em: EntityManager,
  ctx: VerificationContext,
  id: string,
  actor: Identity,
  requestId: string | null,
) {
  const request = await em.findOne(VerificationRequestSchema, { id });
  if (!request) throw new HttpError(404, 'Verification not found');
  if (!request.documentKey || !request.documentKind)
    throw new HttpError(404, 'This verification has no document');
  if (request.documentDeletedAt)
    throw new HttpError(
      410,
      `The file of this document was deleted on ${formatDate(request.documentDeletedAt)} under the retention policy`,
    );
  recordAudit(em, actor, requestId, {
    action: 'view-document',
    resource: RESOURCE,
    resourceId: request.id,
    subjectId: request.userId,
  });
  await em.flush();
  return { request, stream: await ctx.documents.get(request.documentKey) };
}
