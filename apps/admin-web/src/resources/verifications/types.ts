import { documentTypes, type VerificationRecord as Verification } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

export type { VerificationSummary } from '@tullab/contracts';

/** One request of a student to be verified (`/api/admin/verifications`). */
export type VerificationRecord = Verification & RaRecord;

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
export const documentTypeLabels: Record<string, string> = documentTypes;

/** The usual reasons to refuse a request; the student reads the one chosen in their e-mail. */
export const rejectReasons = [
  'The document is unreadable or incomplete.',
  'The document does not show that you are currently enrolled.',
  'The name on the document does not match your account.',
  'The document has expired.',
  'This type of document cannot prove enrolment.',
  'This e-mail address does not belong to a UAE institution.',
] as const;
