import { emailCodeMessages } from '@tullab/contracts';
import { hmacHex, HttpError } from '@tullab/http';
import type { CodeRules } from '@tullab/one-time-codes';
import { normaliseEmailDomain } from '../institutions/recognition';

/** SECURITY S13–S17 for the university code (15 minutes, see "Code lifetime"). */
export const codeRules: CodeRules = {
  ttlSeconds: 15 * 60,
  resendCooldownSeconds: 60,
  codesPerHour: 5,
  wrongTriesPerCode: 5,
  failuresPerUserPerHour: 10,
  codesPerRecipientPerDay: 10,
};
/**
 * Code requests (sends and manual-review requests) per student per hour, and per address for everyone behind it: a
 * campus network puts hundreds of students on one address, so the address bound is only against one client
 * spreading requests over many accounts.
 */
export const codeRequestLimits = { perStudentPerHour: 20, perAddressPerHour: 300 };

export const messages = {
  invalidEmail: emailCodeMessages.invalidEmail,
  manualReview:
    "We couldn't recognise your institution's email domain, so we'll verify your enrollment manually. " +
    "You'll get an e-mail once it's done, usually within 24 hours.",
  nothingToResend: 'There is no verification in progress for this email. Please start again.',
  cooldown: 'Please wait a minute before requesting another code.',
  hourlyCap: 'Too many codes requested for this email. Please try again later.',
  requestCap: 'Too many verification requests. Please try again later.',
  invalid: 'Invalid or expired verification code',
  exhausted: 'Too many attempts. Please request a new code.',
  userCap: 'Too many failed attempts. Please try again in an hour.',
};

/** S17: HMAC-SHA-256(key, purpose‖userId‖email‖code); the key is derived from INTERNAL_SECRET. */
export function emailCodeHash(key: string, userId: string, studentEmail: string, code: string): string {
  return hmacHex(key, `student-email\u0000${userId}\u0000${studentEmail}\u0000${code}`);
}

/** A student e-mail as the service keeps it: trimmed, lower-case, with a domain we can read. */
export function normaliseStudentEmail(email: string): { email: string; domain: string } {
  const normalised = email.trim().toLowerCase();
  const domain = normaliseEmailDomain(normalised);
  if (!domain) throw new HttpError(400, messages.invalidEmail, { errors: { email: messages.invalidEmail } });
  return { email: normalised, domain };
}
