import { z } from 'zod';

/** The texts of the student e-mail code routes (SPEC §5). */
export const emailCodeMessages = {
  invalidEmail: 'Please enter a valid student email address',
  otp: 'Please enter the 6-digit verification code',
};

const studentEmail = z
  .string({ error: emailCodeMessages.invalidEmail })
  .trim()
  .max(254, emailCodeMessages.invalidEmail)
  .pipe(z.email({ error: emailCodeMessages.invalidEmail }));

/**
 * SPEC §7 `POST /api/students/verify` `{email, personalEmail, institution, studentId}`. `personalEmail` must be the
 * caller's own (or empty): it is checked against the session, never trusted (S29). `institution` is what the
 * client read from the domain; the service derives it itself. Without `studentId` the call is a resend.
 */
export const requestCodeBody = z.object({
  email: studentEmail,
  personalEmail: z.string().max(254).nullish(),
  institution: z.string().max(253).nullish(),
  studentId: z.string().max(100).nullish(),
});
export type RequestCodeBody = z.infer<typeof requestCodeBody>;

const otp = z.string({ error: emailCodeMessages.otp }).regex(/^\d{6}$/, emailCodeMessages.otp);

/** SPEC §7 `POST /api/students/verify-otp` `{email, personalEmail, otp}`. */
export const verifyCodeBody = z.object({
  email: studentEmail,
  personalEmail: z.string().max(254).nullish(),
  otp,
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;
