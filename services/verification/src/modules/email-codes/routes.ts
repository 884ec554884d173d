import { Router } from 'express';
import { requestCodeBody, verifyCodeBody } from '@tullab/contracts';
import { sealVerificationReceipt, VERIFICATION_RECEIPT_HEADER } from '@tullab/events';
import { HttpError, languageOf, requestIdOf } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { studentOf, type Student } from '../students/service';
import { messages } from './rules';
import { requestEmailCode } from './service';
import { verifyEmailCode } from './verify';
import { requireStudent } from '../../http';

/** S29: a `personalEmail` in the body must be the caller's own; empty is fine (SPEC §3). */
function assertOwnEmail(student: Student, personalEmail: string | null | undefined): void {
  if (personalEmail && personalEmail.trim().toLowerCase() !== student.email) {
    const message = 'personalEmail must be the e-mail you are signed in with';
    throw new HttpError(400, message, { errors: { personalEmail: message } });
  }
}

/** `/students/verify` (the gateway's `/api/students/verify`) and `/students/verify-otp`: signed-in users only. */
export function emailCodeRoutes(ctx: VerificationContext): Router {
  const { em } = ctx;
  const router = Router();

  router.post('/students/verify', requireStudent, async (req, res) => {
    const body = requestCodeBody.parse(req.body);
    const student = studentOf(req.identity);
    assertOwnEmail(student, body.personalEmail);
    const outcome = await requestEmailCode(
      em,
      ctx,
      student,
      { email: body.email, resend: !('studentId' in (req.body as object)), language: languageOf(req) },
      req.identity.ip,
      requestIdOf(req),
    );
    if (outcome.kind === 'manual-review')
      return void res.status(202).json({ message: messages.manualReview });
    res.json({ message: `Verification code sent to ${outcome.studentEmail}` });
  });

  router.post('/students/verify-otp', requireStudent, async (req, res) => {
    const body = verifyCodeBody.parse(req.body);
    const student = studentOf(req.identity);
    assertOwnEmail(student, body.personalEmail);
    const payload = await verifyEmailCode(em, ctx, student, body, requestIdOf(req));
    // The gateway hands this to identity, which applies it before the client's next request (decision 002).
    res.set(VERIFICATION_RECEIPT_HEADER, sealVerificationReceipt(ctx.config.INTERNAL_SECRET, payload));
    res.json({
      message: 'Student status verified',
      verification: {
        status: payload.status,
        studentEmail: payload.studentEmail,
        expiresAt: payload.expiresAt,
      },
    });
  });

  return router;
}
