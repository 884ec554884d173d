import type { Language } from '@tullab/http';
import type { Role, User } from './entities';
import { effectiveVerificationStatus } from './verification';

/** What the student app sees of a user (SPEC §3 "User"). */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
  emailMarketing: boolean;
  whatsappMarketing: boolean;
  /** the language identity writes to them in (issue 12); the student app may show it too */
  language: Language;
  /** `status` is the effective one: an active verification past `expiresAt` shows as `expired` (decision 002) */
  verification: {
    status: string;
    studentEmail: string | null;
    verifiedAt: string | null;
    expiresAt: string | null;
  };
  /** staff and admins only: whether their second factor is set up (S37) */
  mfaEnrolled?: boolean;
}

const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toPublicUser(user: User, now = new Date()): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? null,
    role: user.role,
    emailMarketing: user.emailMarketing,
    whatsappMarketing: user.whatsappMarketing,
    language: user.language,
    verification: {
      status: effectiveVerificationStatus(user, now),
      studentEmail: user.studentEmail ?? null,
      verifiedAt: isoOrNull(user.verifiedAt),
      expiresAt: isoOrNull(user.verificationExpiresAt),
    },
    ...(user.role !== 'student' && { mfaEnrolled: Boolean(user.mfaEnrolledAt) }),
  };
}
