import { languages } from '@tullab/http';
import { z } from 'zod';
import { passwordMessages, passwordProblem } from './passwords';

/** SPEC §5 texts. */
export const messages = {
  email: 'Please enter a valid email address',
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  phoneShort: 'Phone number must be at least 10 digits',
  phoneInvalid: 'Please enter a valid phone number',
  passwordMissing: 'Please fill in all password fields.',
  language: 'Language must be "en" or "ar"',
};

/** Trimmed and lower-cased, then checked: the stored e-mail is always lower-case. */
export const emailField = z
  .string({ error: messages.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: messages.email }).max(254, messages.email));

/** SECURITY S3 policy: 8 to 128 characters, no truncation, not a common password. */
export const newPasswordField = z.string({ error: passwordMessages.tooShort }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const nameField = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(100, message.replace('at least 2', 'at most 100'));

/** Digits, spaces, hyphens, parentheses and an optional leading plus; at least 10 characters (SPEC §5). */
export const phoneField = z
  .string({ error: messages.phoneShort })
  .trim()
  .min(10, messages.phoneShort)
  .max(32, messages.phoneInvalid)
  .regex(/^\+?[\d\s\-()]+$/, messages.phoneInvalid);

/** `role` is not part of the allow-list: everyone who registers is a student (S29). */
export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: nameField(messages.firstName),
  lastName: nameField(messages.lastName),
  phone: phoneField,
  emailMarketing: z.boolean().default(true),
  whatsappMarketing: z.boolean().default(true),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: passwordMessages.tooShort })
    .min(8, passwordMessages.tooShort)
    .max(1024, 'Invalid email or password'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: messages.passwordMissing })
    .min(1, messages.passwordMissing)
    .max(1024, 'Current password is incorrect'),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** PUT /auth/user/language (issue 12). */
export const languageBody = z.object({
  language: z.enum(languages, { error: messages.language }),
});
export type LanguageBody = z.infer<typeof languageBody>;
