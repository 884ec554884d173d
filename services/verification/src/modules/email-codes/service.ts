import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { addToOutbox, seal, type StatusChangedPayload } from '@tullab/events';
import { digestsEqual, hmacHex, HttpError, randomDigits, tooManyRequests } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { normaliseEmailDomain, recogniseDomain } from '../institutions/recognition';
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

/** SECURITY S13–S17 for the university code (15 minutes, see "Code lifetime"). */
export const codeRules = {
  ttlSeconds: 15 * 60,
  resendCooldownSeconds: 60,
  codesPerEmailPerHour: 5,
  sendsPerIpPerHour: 20,
  wrongTriesPerCode: 5,
  failuresPerUserPerHour: 10,
};

export const messages = {
  invalidEmail: 'Please enter a valid student email address',
  manualReview:
    "We couldn't recognise your institution's email domain, so we'll verify your enrollment manually. " +
    "You'll get an e-mail once it's done, usually within 24 hours.",
  nothingToResend: 'There is no verification in progress for this email. Please start again.',
  cooldown: 'Please wait a minute before requesting another code.',
  hourlyCap: 'Too many codes requested for this email. Please try again later.',
  ipCap: 'Too many verification requests. Please try again later.',
  invalidCode: 'Invalid or expired verification code',
  codeExhausted: 'Too many attempts. Please request a new code.',
  userCap: 'Too many failed attempts. Please try again in an hour.',
};

const HOUR_MS = 3600_000;

/** S17: HMAC-SHA-256(key, purpose‖userId‖email‖code); the key is derived from INTERNAL_SECRET. */
export function emailCodeHash(key: string, userId: string, studentEmail: string, code: string): string {
  return hmacHex(key, `student-email\u0000${userId}\u0000${studentEmail}\u0000${code}`);
}

/** A student e-mail as the service keeps it: trimmed, lower-case, with a domain we can read. */
export function normaliseStudentEmail(email: string): { email: string; domain: string } {
  const normalised = email.trim().toLowerCase();
  const domain = normaliseEmailDomain(normalised);
  if (!domain) throw new HttpError(400, messages.invalidEmail, { email: messages.invalidEmail });
  return { email: normalised, domain };
}

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
 * that is already waiting for one.
 */
export async function requestEmailCode(
  em: EntityManager,
  ctx: VerificationContext,
  student: Student,
  input: { email: string; resend: boolean },
  ip: string,
  requestId: string | null,
): Promise<CodeRequestOutcome> {
  const { email: studentEmail, domain } = normaliseStudentEmail(input.email);
  const perIp = await ctx.limiter.hit(`codes:ip:${ip}`, codeRules.sendsPerIpPerHour, 3600);
  if (!perIp.allowed) throw tooManyRequests(perIp.retryAfter, messages.ipCap);

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
      throw new HttpError(400, messages.nothingToResend, { email: messages.nothingToResend });
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
        });
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

    const recent = await tx.find(
      EmailCodeSchema,
      { userId: student.userId, studentEmail, createdAt: { $gt: new Date(now.getTime() - HOUR_MS) } },
      { orderBy: { createdAt: 'desc' } },
    );
    const sinceLast = recent[0] ? (now.getTime() - recent[0].createdAt.getTime()) / 1000 : Infinity;
    if (sinceLast < codeRules.resendCooldownSeconds)
      throw tooManyRequests(codeRules.resendCooldownSeconds - sinceLast, messages.cooldown);
    if (recent.length >= codeRules.codesPerEmailPerHour) {
      const oldest = recent[recent.length - 1].createdAt.getTime();
      throw tooManyRequests((oldest + HOUR_MS - now.getTime()) / 1000, messages.hourlyCap);
    }

    const request =
      waiting?.status === 'awaiting_code'
        ? waiting
        : newRequest(tx, student, {
            method: 'email',
            status: 'awaiting_code',
            studentEmail,
            emailDomain: domain,
            domainRecognised: true,
            ...{ institutionId: institution.id, institutionName: institution.name },
          });
    await tx.nativeUpdate(
      EmailCodeSchema,
      { userId: student.userId, usedAt: null, revokedAt: null },
      { revokedAt: now },
    );
    const code = randomDigits(6);
    const expiresAt = new Date(now.getTime() + codeRules.ttlSeconds * 1000);
    tx.create(EmailCodeSchema, {
      id: randomUUID(),
      requestId: request.id,
      userId: student.userId,
      studentEmail,
      codeHash: emailCodeHash(ctx.codeKey, student.userId, studentEmail, code),
      attempts: 0,
      createdAt: now,
      expiresAt,
      usedAt: null,
      revokedAt: null,
    });
    addToOutbox(
      tx,
      'email.requested',
      {
        to: studentEmail,
        template: 'student-email-code',
        data: { firstName: student.firstName, institution: institution.name ?? domain },
        sealed: seal(ctx.config.INTERNAL_SECRET, { code }),
        expiresAt: expiresAt.toISOString(),
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
      { userId: student.userId, requestId: outcome.requestId },
      'student e-mail kept for manual review',
    );
  return outcome;
}

type VerifyOutcome =
  | { kind: 'ok'; payload: StatusChangedPayload }
  | { kind: 'invalid' }
  | { kind: 'wrong'; attempts: number }
  | { kind: 'exhausted' }
  | { kind: 'user cap' };

/**
 * POST /students/verify-otp. The newest live code for this e-mail is locked, so concurrent submits are serialised:
 * one correct submit wins and wrong ones are counted exactly (S14, S15); digests compare in constant time (S18).
 * A correct code makes the student `active` and returns the announced change (the gateway's receipt).
 */
export async function verifyEmailCode(
  em: EntityManager,
  ctx: VerificationContext,
  student: Student,
  input: { email: string; otp: string },
  requestId: string | null,
): Promise<StatusChangedPayload> {
  const { email: studentEmail } = normaliseStudentEmail(input.email);
  const outcome = await em.transactional(async (tx): Promise<VerifyOutcome> => {
    const row = await lockStudent(tx, student.userId);
    const now = new Date();
    const code = await tx.findOne(
      EmailCodeSchema,
      { userId: student.userId, studentEmail, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!code) return { kind: 'invalid' };
    if (code.attempts >= codeRules.wrongTriesPerCode) return { kind: 'exhausted' };
    const [{ failures }] = await tx
      .getConnection()
      .execute<{ failures: number }[]>(
        'select coalesce(sum(attempts), 0)::int as failures from verification_code where user_id = ? and created_at > ?',
        [student.userId, new Date(now.getTime() - HOUR_MS)],
        'all',
        tx.getTransactionContext(),
      );
    if (failures >= codeRules.failuresPerUserPerHour) return { kind: 'user cap' };
    if (!digestsEqual(code.codeHash, emailCodeHash(ctx.codeKey, student.userId, studentEmail, input.otp))) {
      code.attempts += 1;
      return { kind: 'wrong', attempts: code.attempts };
    }
    await assertEmailFree(tx, student.userId, studentEmail);
    code.usedAt = now;
    const request = await tx.findOneOrFail(VerificationRequestSchema, { id: code.requestId });
    Object.assign(request, { status: 'approved', decidedAt: now, updatedAt: now });
    const { payload } = changeStatus(
      tx,
      ctx.config,
      row,
      student,
      {
        status: 'active',
        studentEmail,
        institution: { id: request.institutionId, name: request.institutionName },
        verifiedAt: now,
      },
      requestId,
    );
    return { kind: 'ok', payload };
  });

  const log = ctx.log.child({ userId: student.userId });
  switch (outcome.kind) {
    case 'ok':
      log.info('student e-mail verified');
      return outcome.payload;
    case 'wrong':
      log.warn({ attempts: outcome.attempts }, 'student e-mail code refused: wrong code');
      throw new HttpError(400, messages.invalidCode, { otp: messages.invalidCode });
    case 'invalid':
      log.warn({ reason: 'no live code' }, 'student e-mail code refused');
      throw new HttpError(400, messages.invalidCode, { otp: messages.invalidCode });
    case 'exhausted':
      log.warn({ reason: 'code exhausted' }, 'student e-mail code refused');
      throw tooManyRequests(codeRules.ttlSeconds, messages.codeExhausted);
    case 'user cap':
      log.warn({ reason: 'hourly cap' }, 'student e-mail code refused');
      throw tooManyRequests(3600, messages.userCap);
  }
}
