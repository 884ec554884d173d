import type { RaRecord } from 'react-admin';

/** A student account (`/api/admin/students`). */
export interface StudentRecord extends RaRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** the effective status: an active verification past its expiry is `expired` */
  verificationStatus: string;
  studentEmail: string | null;
  verifiedAt: string | null;
  verificationExpiresAt: string | null;
  disabled: boolean;
  /** when the account was deleted (decision 009); its personal fields are then empty */
  deletedAt?: string | null;
  createdAt: string;
  lastSeenAt: string | null;
}

/** The statuses in the words of the student dashboard (SPEC §4). */
export const verificationStatusLabels: Record<string, string> = {
  none: 'Not started',
  pending: 'Pending',
  unrecognized_domain: 'Under review',
  active: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
};

export const fullName = (record: { firstName: string; lastName: string; deletedAt?: string | null }) =>
  record.deletedAt ? 'Deleted account' : `${record.firstName} ${record.lastName}`;
