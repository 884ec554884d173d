import { z } from 'zod';
import { seal, unseal } from '../sealed';

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

/**
 * Read-your-writes for a verification the student completes themselves (docs/decisions/002): verification answers
 * the verify-otp call (and a document upload) with this receipt in the `x-tullab-verification-receipt` header, the
 * gateway hands it to identity, which applies the status at once, and rotates the session (S7) when the status
 * became `active`. The receipt is sealed with
 * INTERNAL_SECRET, so neither the client nor anyone without the key can make or read one, and lives 60 s.
 */
export const VERIFICATION_RECEIPT_HEADER = 'x-tullab-verification-receipt';
const RECEIPT_TTL_MS = 60_000;
const receiptPurpose = 'verification-receipt';

export function sealVerificationReceipt(
  secret: string,
  payload: StatusChangedPayload,
  now = Date.now(),
): string {
  return seal(secret, {
    purpose: receiptPurpose,
    payload: JSON.stringify(statusChangedPayload.parse(payload)),
    expiresAt: String(now + RECEIPT_TTL_MS),
  });
}

/** The receipt's status change, or null when it is forged, altered, for another purpose or expired. */
export function openVerificationReceipt(
  secret: string,
  receipt: string,
  now = Date.now(),
): StatusChangedPayload | null {
  try {
    const values = unseal(secret, receipt);
    if (values.purpose !== receiptPurpose || !(Number(values.expiresAt) > now)) return null;
    const parsed = statusChangedPayload.safeParse(JSON.parse(values.payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
