import { z } from 'zod';
import { languages, type Language } from '../languages.js';
import {
  identityMessages,
  newPasswordField,
  passwordMessages,
  personNameField,
  phoneField,
  totpCodeField,
  userEmailField,
} from './fields.js';

/** `merchant`: a partner brand's account, scoped to one brand (issue 16, decision 016). */
export const userRoles = ['student', 'staff', 'admin', 'merchant'] as const;
export type UserRole = (typeof userRoles)[number];

/** POST /auth/register. `role` is not part of the allow-list: everyone who registers is a student (S29). */
export const registerBody = z.object({
  email: userEmailField,
  password: newPasswordField,
  firstName: personNameField(identityMessages.firstName),
  lastName: personNameField(identityMessages.lastName),
  phone: phoneField,
  emailMarketing: z.boolean().default(true),
  whatsappMarketing: z.boolean().default(true),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /auth/login. */
export const loginBody = z.object({
  email: userEmailField,
  password: z
    .string({ error: passwordMessages.tooShort })
    .min(8, passwordMessages.tooShort)
    .max(1024, 'Invalid email or password'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** PUT /auth/change-password. */
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: identityMessages.passwordMissing })
    .min(1, identityMessages.passwordMissing)
    .max(1024, 'Current password is incorrect'),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** PUT /auth/user/language. */
export const languageBody = z.object({
  language: z.enum(languages, { error: identityMessages.language }),
});
export type LanguageBody = z.infer<typeof languageBody>;

/** POST /auth/mfa/verify. */
export const verifyMfaBody = z.object({ code: totpCodeField });
export type VerifyMfaBody = z.infer<typeof verifyMfaBody>;

/** What the student app sees of a user (SPEC §3 "User"): `{ user }` of register, login, GET /auth/user. */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: UserRole;
  emailMarketing: boolean;
  whatsappMarketing: boolean;
  /** the language identity writes to them in; the student app may show it too */
  language: Language;
  /** `status` is the effective one: an active verification past `expiresAt` shows as `expired` (decision 002) */
  verification: {
    status: string;
    studentEmail: string | null;
    verifiedAt: string | null;
    expiresAt: string | null;
  };
  /** staff and admins only: whether their second factor is set up (S37) */
  mfaEnrolled?: boolean;
  /** merchants only: their brand (decision 016) */
  brandId?: string;
}

/** POST /auth/login of a staff member or admin: no session yet, the second factor comes first (S37). */
export interface MfaRequiredAnswer {
  mfaRequired: true;
  /** whether their authenticator app is already set up */
  enrolled: boolean;
  user: Pick<PublicUser, 'email' | 'firstName' | 'lastName' | 'role'>;
}

/** POST /auth/login. */
export type LoginAnswer = { user: PublicUser } | MfaRequiredAnswer;

/**
 * POST /auth/mfa/enrollment (a first sign-in) or /auth/accept-invitation/enrollment (an invitation): what the console
 * shows to set up an authenticator app, the key to type in or the QR code to scan.
 */
export interface MfaEnrolment {
  secret: string;
  otpauthUrl: string;
  /** a `data:image/png;base64,…` URL of the QR code of `otpauthUrl` */
  qrCode: string;
}
