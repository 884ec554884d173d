import type { StudentRecord as Student } from '@tullab/contracts';
import type { RaRecord } from 'react-admin';

/** A student account (`/api/admin/students`). */
export type StudentRecord = Student & RaRecord;

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
