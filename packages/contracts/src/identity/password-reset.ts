import { z } from 'zod';
import { newPasswordField, userEmailField } from './fields.js';

/** POST /auth/forgot-password. */
export const forgotPasswordBody = z.object({ email: userEmailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /auth/verify-reset-otp. */
export const verifyResetOtpBody = z.object({
  email: userEmailField,
  otp: z
    .string({ error: 'OTP must be 6 digits' })
    .trim()
    .regex(/^\d{6}$/, 'OTP must be 6 digits'),
});
export type VerifyResetOtpBody = z.infer<typeof verifyResetOtpBody>;

/** POST /auth/reset-password (with the `pwreset` cookie of a verified code). */
export const resetPasswordBody = z.object({ email: userEmailField, newPassword: newPasswordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
