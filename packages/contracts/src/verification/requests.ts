import { z } from 'zod';

export const verificationMethods = ['email', 'document'] as const;
/**
 * `awaiting_code`: a code went to a recognised student e-mail; `pending`: waits for staff (a document, or an
 * e-mail whose domain is not recognised); `approved` (by a correct code or by staff) and `rejected` are final;
 * `cancelled`: replaced by a later request for another e-mail.
 */
export const requestStatuses = ['awaiting_code', 'pending', 'approved', 'rejected', 'cancelled'] as const;

export const verificationIdParams = z.object({ id: z.uuid('Not a valid verification id') });

/** POST /admin/verifications/:id/approve; for an unrecognised e-mail, optionally teach the institution its domain. */
export const approveVerificationBody = z
  .object({
    addDomainToInstitutionId: z.uuid('Please choose an institution').nullish(),
  })
  .default({});
export type ApproveVerificationBody = z.infer<typeof approveVerificationBody>;

/** POST /admin/verifications/:id/reject: the reason is e-mailed to the student. */
export const rejectVerificationBody = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason')
    .max(1000, 'The reason must be at most 1000 characters'),
});
export type RejectVerificationBody = z.infer<typeof rejectVerificationBody>;

/** One request of a student to be verified (`/admin/verifications`). */
export interface VerificationRecord {
  id: string;
  userId: string;
  method: (typeof verificationMethods)[number];
  status: (typeof requestStatuses)[number];
  studentEmail: string | null;
  emailDomain: string | null;
  domainRecognised: boolean;
  institutionId: string | null;
  institutionName: string | null;
  documentType: string | null;
  documentKind: string | null;
  documentName: string | null;
  documentSize: number | null;
  /**
   * when the file was deleted from storage: by the retention policy while `hasDocument` stays true (the request and
   * its decision stay), or with the student's account (then `hasDocument` is false too)
   */
  documentDeletedAt?: string | null;
  personalEmail: string;
  firstName: string;
  reason: string | null;
  reviewerId: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
  hasDocument: boolean;
}

/** `GET /admin/verifications/summary`: what waits, and the last 30 days. */
export interface VerificationSummary {
  pending: number;
  pendingDocuments: number;
  pendingUnrecognisedEmails: number;
  oldestPendingAt: string | null;
  perDay: Array<{ day: string; submitted: number; approved: number; rejected: number }>;
}
