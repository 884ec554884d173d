import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { addToOutbox, seal } from '@tullab/events';
import { HttpError, tooManyRequests, type Language } from '@tullab/http';
import { addressKey } from '@tullab/rate-limits';
import { codesOfLastHour, issueCode, recipientWait, resendWait } from '@tullab/one-time-codes';
import type { VerificationContext } from '../../context';
import { recogniseDomain } from '../institutions/recognition';
import { VerificationRequestSchema, type VerificationRequest } from '../requests/entities';
import { alertStaffAboutRequest } from '../requests/alerts';
import {
  assertEmailFree,
  assertMayVerify,
  changeStatus,
  effectiveStatus,
  lockStudent,
  type Student,
} from '../students/service';
import { EmailCodeSchema } from './entities';
import { codeRequestLimits, codeRules, emailCodeHash, messages, normaliseStudentEmail } from './rules';

export type CodeRequestOutcome =
  { kind: 'sent'; studentEmail: string } | { kind: 'manual-review'; requestId: string };

function newRequest(
  tx: EntityManager,
  student: Student,
  fields: Pick<
    VerificationRequest,
    | 'method'
    | 'status'
    | 'studentEmail'
    | 'emailDomain'
    | 'domainRecognised'
    | 'institutionId'
    | 'institutionName'
    | 'language'
  >,
): VerificationRequest {
  const now = new Date();
  return tx.create(VerificationRequestSchema, {
    id: randomUUID(),
    userId: student.userId,
    ...fields,
    documentType: null,
    documentKey: null,
    documentKind: null,
    documentName: null,
    documentSize: null,
    personalEmail: student.email,
    firstName: student.firstName,
    reason: null,
    reviewerId: null,
    decidedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * POST /students/verify. A recognised domain gets a new 6-digit code (the older ones die) e-mailed through the
 * outbox, within the resend limits (S16). An unrecognised one becomes a request for manual review and the student's
 * status `unrecognized_domain`. `resend` (the SPEC's call without studentId) only sends a new code for an e-mail
 * that is already waiting for one. `language` is the app's (Accept-Language): the code's e-mail is in it, and the
 * request keeps it for the mails that follow.
 */
export async function requestEmailCode(
  em: EntityManager,
  ctx: VerificationContext,
  student: Student,
  input: { email: string; resend: boolean; language: Language },
  ip: string,
  requestId: string | null,
): Promise<CodeRequestOutcome> {
  const { email: studentEmail, domain } = normaliseStudentEmail(input.email);
  const perStudent = await ctx.limiter.hit(
    `codes:user:${student.userId}`,
    codeRequestLimits.perStudentPerHour,
    3600,
  );
  if (!perStudent.allowed) throw tooManyRequests(perStudent.retryAfter, messages.requestCap);
  const perAddress = await ctx.limiter.hit(
    `codes:ip:${addressKey(ip)}`,
    codeRequestLimits.perAddressPerHour,
    3600,
  );
  if (!perAddress.allowed) throw tooManyRequests(perAddress.retryAfter, messages.requestCap);

  const outcome = await em.transactional(async (tx): Promise<CodeRequestOutcome> => {
    const row = await lockStudent(tx, student.userId);
    assertMayVerify(row);
    await assertEmailFree(tx, student.userId, studentEmail);
    const now = new Date();
    const verified = effectiveStatus(row, now) === 'active';
    const recognition = await recogniseDomain(tx, domain);
    const institution = recognition
      ? { id: recognition.institution.id, name: recognition.institution.name }
      : { id: null, name: null };
    const waiting = await tx.findOne(
      VerificationRequestSchema,
      { userId: student.userId, studentEmail, status: { $in: ['awaiting_code', 'pending'] } },
      { orderBy: { createdAt: 'desc' } },
    );
    if (input.resend && waiting?.status !== 'awaiting_code')
      throw new HttpError(400, messages.nothingToResend, {
        code: 'verification_not_started',
        errors: { email: messages.nothingToResend },
      });
    // a new e-mail replaces a code request for another one
    await tx.nativeUpdate(
      VerificationRequestSchema,
      { userId: student.userId, status: 'awaiting_code', studentEmail: { $ne: studentEmail } },
      { status: 'cancelled', updatedAt: now },
    );

    if (!recognition) {
      const request =
        waiting ??
        newRequest(tx, student, {
          method: 'email',
          status: 'pending',
          studentEmail,
          emailDomain: domain,
          domainRecognised: false,
          institutionId: null,
          institutionName: null,
          language: input.language,
        });
      // asked again: the decision's e-mail is in the language of the student's latest request
      request.language = input.language;
      if (!waiting) {
        if (!verified)
          changeStatus(
            tx,
            ctx.config,
            row,
            student,
            { status: 'unrecognized_domain', studentEmail, institution },
            requestId,
          );
        alertStaffAboutRequest(tx, ctx.config, request, requestId);
      }
      return { kind: 'manual-review', requestId: request.id };
    }

    await lockName(tx, `student-email:${studentEmail}`);
    const wait =
      resendWait(
        await codesOfLastHour(tx, EmailCodeSchema, { userId: student.userId, studentEmail }, now),
        codeRules,
        now,
      ) ?? (await recipientWait(tx, EmailCodeSchema, { studentEmail }, codeRules, now));
    if (wait)
      throw tooManyRequests(
        wait.seconds,
        wait.reason === 'cooldown' ? messages.cooldown : messages.hourlyCap,
      );

    const request =
      waiting?.status === 'awaiting_code'
        ? waiting
        : newRequest(tx, student, {
            method: 'email',
            status: 'awaiting_code',
            studentEmail,
            emailDomain: domain,
            domainRecognised: true,
            institutionId: institution.id,
            institutionName: institution.name,
            language: input.language,
          });
    // a resend: the request follows the language the student asks in now
    request.language = input.language;
    const { code, expiresAt } = await issueCode(
      tx,
      EmailCodeSchema,
      student.userId,
      (value) => emailCodeHash(ctx.codeKey, student.userId, studentEmail, value),
      codeRules,
      { requestId: request.id, studentEmail },
      now,
    );
    addToOutbox(
      tx,
      'email.requested',
      {
        to: studentEmail,
        // the account that asked: the mail is theirs (T23), even to an address they never prove
        userId: student.userId,
        template: 'student-email-code',
        data: { institution: institution.name ?? domain },
        sealed: seal(ctx.config.INTERNAL_SECRET, { code }),
        expiresAt: expiresAt.toISOString(),
        language: input.language,
      },
      requestId,
    );
    const alreadyPending = row?.status === 'pending' && row.studentEmail === studentEmail;
    if (!verified && !alreadyPending)
      changeStatus(tx, ctx.config, row, student, { status: 'pending', studentEmail, institution }, requestId);
    return { kind: 'sent', studentEmail };
  });

  if (outcome.kind === 'sent')
    ctx.log.info({ userId: student.userId, resend: input.resend }, 'student e-mail code queued');
  else
    ctx.log.info(
      { userId: student.userId, verificationRequestId: outcome.requestId },
      'student e-mail kept for manual review',
    );
  return outcome;
}
