import { Router } from 'express';
import { studentVerification, VERIFICATION_RECEIPT_HEADER } from '@tullab/contracts';
import { sealVerificationReceipt } from '@tullab/events';
import { bindRoute, HttpError, languageOf, requestIdOf, SENT } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { requireStudent } from '../../http';
import { studentOf, type Student } from '../students/service';
import { messages } from './rules';
import { requestEmailCode } from './service';
import { verifyEmailCode } from './verify';

const { routes } = studentVerification;

/** S29: a `personalEmail` in the body must be the caller's own; empty is fine (SPEC §3). */
function assertOwnEmail(student: Student, personalEmail: string | null | undefined): void {
  if (personalEmail && personalEmail.trim().toLowerCase() !== student.email) {
    const message = 'personalEmail must be the e-mail you are signed in with';
    throw new HttpError(400, message, { errors: { personalEmail: message } });
  }
}

/**
 * `POST /students/verify` (the gateway's `/api/students/verify`) and `POST /students/verify-otp`: students only, in
 * verification's own words (`requireStudent`).
 */
export function emailCodeRoutes(ctx: VerificationContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(
    router,
    routes.requestCode,
    async ({ body }, req, res) => {
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
      if (outcome.kind === 'manual-review') {
        res.status(202).json({ message: messages.manualReview });
        return SENT;
      }
      return { message: `Verification code sent to ${outcome.studentEmail}` };
    },
    { guard: requireStudent },
  );

  // the answer type is written out: an async handler's `return SENT` alone would widen to `symbol`
  bindRoute(
    router,
    routes.verifyCode,
    async ({ body }, req, res): Promise<typeof SENT> => {
      const student = studentOf(req.identity);
      assertOwnEmail(student, body.personalEmail);
      const payload = await verifyEmailCode(em, ctx, student, body, requestIdOf(req));
      // The gateway hands this to identity, which applies it before the client's next request (decision 002); the
      // client gets identity's answer (the user) instead of this one.
      res.set(VERIFICATION_RECEIPT_HEADER, sealVerificationReceipt(ctx.config.INTERNAL_SECRET, payload));
      res.json({
        message: 'Student status verified',
        verification: {
          status: payload.status,
          studentEmail: payload.studentEmail,
          expiresAt: payload.expiresAt,
        },
      });
      return SENT;
    },
    { guard: requireStudent },
  );

  return router;
}
