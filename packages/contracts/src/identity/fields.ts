import { z } from 'zod';

/** SPEC §5 texts. */
export const identityMessages = {
  email: 'Please enter a valid email address',
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  phoneShort: 'Phone number must be at least 10 digits',
  phoneInvalid: 'Please enter a valid phone number',
  passwordMissing: 'Please fill in all password fields.',
  language: 'Language must be "en" or "ar"',
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const passwordMessages = {
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password must be at most 128 characters',
  common: 'This password is too common. Please choose a less common one.',
};

/**
 * NIST 63B §5.1.1.2: Unicode passwords are normalised before hashing, so the same characters typed on two
 * keyboards (é as one code point or as e + accent) give the same password. Nothing is ever truncated.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** SECURITY S3 length rule: 8 to 128 code points (not UTF-16 units) after normalising. Null when acceptable. */
export function passwordLengthProblem(password: string): string | null {
  const length = [...normalizePassword(password)].length;
  if (length < PASSWORD_MIN) return passwordMessages.tooShort;
  if (length > PASSWORD_MAX) return passwordMessages.tooLong;
  return null;
}

/** Trimmed and lower-cased, then checked: the stored e-mail is always lower-case. */
export const userEmailField = z
  .string({ error: identityMessages.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: identityMessages.email }).max(254, identityMessages.email));

/**
 * A new password, SECURITY S3: 8 to 128 characters, no truncation. Identity adds "not a common password" on top,
 * as the list is a data file only the server has.
 */
export const newPasswordField = z.string({ error: passwordMessages.tooShort }).superRefine((value, ctx) => {
  const problem = passwordLengthProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const personNameField = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(100, message.replace('at least 2', 'at most 100'));

/** Digits, spaces, hyphens, parentheses and an optional leading plus; at least 10 characters (SPEC §5). */
export const phoneField = z
  .string({ error: identityMessages.phoneShort })
  .trim()
  .min(10, identityMessages.phoneShort)
  .max(32, identityMessages.phoneInvalid)
  .regex(/^\+?[\d\s\-()]+$/, identityMessages.phoneInvalid);

const TOTP_CODE_MESSAGE = 'Please enter the 6-digit code from your authenticator app';

/** The current code of the authenticator app (spaces, as some apps show them, are dropped). */
export const totpCodeField = z
  .string({ error: TOTP_CODE_MESSAGE })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));
