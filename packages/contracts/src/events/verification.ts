import { z } from 'zod';

export const verificationStatuses = [
  'none',
  'pending',
  'unrecognized_domain',
  'active',
  'rejected',
  'expired',
] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const statusChangedPayload = z.object({
  userId: z.uuid(),
  status: z.enum(verificationStatuses),
  /** when this status was decided; identity ignores an event older than what it already holds */
  changedAt: z.iso.datetime(),
  studentEmail: z.email().optional(),
  reason: z.string().max(1000).optional(),
  /** for `active`: the institution the student was verified at (offers counts brands' students by it, decision 016) */
  institutionName: z.string().max(255).optional(),
  /** for `active`: when the verification lapses (identity then counts the user as `expired` at once) */
  expiresAt: z.iso.datetime().optional(),
});
export type StatusChangedPayload = z.infer<typeof statusChangedPayload>;

/**
 * Verification erased a deleted account's part (decision 009) and names the student e-mails the person proved there
 * (a code sent to it was entered; T23), so notifications erases the mail to them and the contact messages from them
 * that carry no user id. Published only when there is one; typed, unproven addresses and the platform's inbox
 * (SUPPORT_EMAIL) are never named.
 */
export const studentEmailsErasedPayload = z.object({
  userId: z.uuid(),
  /** lower-case */
  provedEmails: z.array(z.email()).min(1).max(50),
  /** who deleted the account, as `account.deleted` named them */
  actor: z.object({ userId: z.uuid(), role: z.enum(['student', 'staff', 'admin']) }),
});
export type StudentEmailsErasedPayload = z.infer<typeof studentEmailsErasedPayload>;
