import type { EntityManager } from '@mikro-orm/core';
import type { BeforeJson, StudentRecord as StudentAnswer } from '@tullab/contracts';
import type { ListQuery } from '@tullab/http';
import type { User } from '../users/entities';
import { effectiveVerificationStatus } from '../users/verification';
import { listAccounts, type AccountScope } from '../accounts/service';

/** A student as the console shows them (`/admin/students`). */
export type StudentRecord = BeforeJson<
  StudentAnswer,
  'verifiedAt' | 'verificationExpiresAt' | 'deletedAt' | 'createdAt' | 'lastSeenAt'
>;

export const students: AccountScope<StudentRecord> = {
  resource: 'students',
  roles: ['student'],
  notFound: 'Student not found',
  toRecord: (user: User, lastSeenAt: Date | null) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? null,
    verificationStatus: effectiveVerificationStatus(user),
    studentEmail: user.studentEmail ?? null,
    verifiedAt: user.verifiedAt ?? null,
    verificationExpiresAt: user.verificationExpiresAt ?? null,
    disabled: Boolean(user.disabledAt),
    deletedAt: user.deletedAt ?? null,
    createdAt: user.createdAt,
    lastSeenAt,
  }),
};

/** `effectiveVerificationStatus` as a query condition: the user's effective status is one of `statuses`. */
function effectiveStatusIn(statuses: string[], now = new Date()): object {
  const unexpired = { $or: [{ verificationExpiresAt: null }, { verificationExpiresAt: { $gt: now } }] };
  const lapsed = { verificationStatus: 'active', verificationExpiresAt: { $lte: now } };
  const others = statuses.filter((status) => status !== 'active' && status !== 'expired');
  return {
    $or: [
      { verificationStatus: { $in: others } },
      ...(statuses.includes('active') ? [{ verificationStatus: 'active', ...unexpired }] : []),
      ...(statuses.includes('expired') ? [{ verificationStatus: 'expired' }, lapsed] : []),
    ],
  };
}

/** GET /admin/students: `verificationStatus` filters on the effective status. */
export function listStudents(em: EntityManager, query: ListQuery) {
  const { verificationStatus, ...where } = query.where;
  const statuses = (verificationStatus as { $in: string[] } | undefined)?.$in;
  return listAccounts(em, students, { ...query, where }, statuses ? [effectiveStatusIn(statuses)] : []);
}
