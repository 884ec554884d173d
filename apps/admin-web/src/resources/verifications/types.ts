import type { RaRecord } from 'react-admin';

/** One request of a student to be verified (`/api/admin/verifications`). */
export interface VerificationRecord extends RaRecord {
  id: string;
  userId: string;
  method: 'email' | 'document';
  status: 'awaiting_code' | 'pending' | 'approved' | 'rejected' | 'cancelled';
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

/** `GET /api/admin/verifications/summary`: what waits, and the last 30 days. */
export interface VerificationSummary {
  pending: number;
  pendingDocuments: number;
  pendingUnrecognisedEmails: number;
  oldestPendingAt: string | null;
  perDay: Array<{ day: string; submitted: number; approved: number; rejected: number }>;
}

export const statusLabels: Record<VerificationRecord['status'], string> = {
  awaiting_code: 'Awaiting code',
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const methodLabels: Record<VerificationRecord['method'], string> = {
  email: 'Student e-mail',
  document: 'Document',
};

/** SPEC §3 "Document upload" types. */
export const documentTypeLabels: Record<string, string> = {
  student_id: 'Student ID',
  enrollment_letter: 'Enrollment letter',
  passport: 'Passport',
  emirates_id: 'Emirates ID',
  transcript: 'Transcript',
};

/** The usual reasons to refuse a request; the student reads the one chosen in their e-mail. */
export const rejectReasons = [
  'The document is unreadable or incomplete.',
  'The document does not show that you are currently enrolled.',
  'The name on the document does not match your account.',
  'The document has expired.',
  'This type of document cannot prove enrolment.',
  'This e-mail address does not belong to a UAE institution.',
] as const;
