import { z } from 'zod';
import { emailField, newPasswordField } from '../users/schemas';

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const verifyResetOtpBody = z.object({
  email: emailField,
  otp: z
    .string({ error: 'OTP must be 6 digits' })
    .trim()
    .regex(/^\d{6}$/, 'OTP must be 6 digits'),
});
export type VerifyResetOtpBody = z.infer<typeof verifyResetOtpBody>;

export const resetPasswordBody = z.object({ email: emailField, newPassword: newPasswordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
