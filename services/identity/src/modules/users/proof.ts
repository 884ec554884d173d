import type { User } from './entities';

/**
 * The account's e-mail is proved (T23): a code or link sent to it was used, so whoever holds the account reads that
 * inbox. Only then does the address reach anything in the person's export or erasure (decision 009). Called where
 * such a code or link is accepted: a password-reset code entered correctly, a staff or merchant invitation accepted.
 * In the caller's unit of work; the database clears it if the e-mail ever changes.
 */
export function markEmailProved(user: User, now: Date): void {
  user.emailProvedAt = now;
}

/** The addresses the account proved, lower-case: its e-mail once proved, else none (T23). */
export function provedEmails(user: Pick<User, 'email' | 'emailProvedAt' | 'deletedAt'>): string[] {
  return user.emailProvedAt && !user.deletedAt ? [user.email.toLowerCase()] : [];
}
