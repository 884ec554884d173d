import type { EntityManager } from '@mikro-orm/core';
import type { StatusChangedPayload } from '@tullab/contracts';
import { checkCode, refuseCode } from '@tullab/one-time-codes';
import type { VerificationContext } from '../../context';
import { VerificationRequestSchema } from '../requests/entities';
import { assertEmailFree, changeStatus, lockStudent, type Student } from '../students/service';
import { EmailCodeSchema } from './entities';
import { codeRules, emailCodeHash, messages, normaliseStudentEmail } from './rules';

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
  const outcome = await em.transactional(async (tx) => {
    const row = await lockStudent(tx, student.userId);
    const now = new Date();
    const check = await checkCode(
      tx,
      EmailCodeSchema,
      { userId: student.userId, studentEmail },
      emailCodeHash(ctx.codeKey, student.userId, studentEmail, input.otp),
      codeRules,
      now,
    );
    if (check.kind !== 'ok') return check;
    await assertEmailFree(tx, student.userId, studentEmail);
    const request = await tx.findOneOrFail(VerificationRequestSchema, { id: check.code.requestId });
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
    return { kind: 'ok' as const, payload };
  });
  if (outcome.kind !== 'ok')
    throw refuseCode(outcome, codeRules, { ...messages, field: 'otp' }, ctx.log, { userId: student.userId });
  ctx.log.info({ userId: student.userId }, 'student e-mail verified');
  return outcome.payload;
}
