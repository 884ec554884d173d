import type { PublicUser } from '@tullab/contracts';
import { isStaffRole, type User } from './entities';
import { effectiveVerificationStatus } from './verification';

export type { PublicUser };

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
    ...(isStaffRole(user.role) && { mfaEnrolled: Boolean(user.mfaEnrolledAt) }),
    ...(user.role === 'merchant' && user.brandId && { brandId: user.brandId }),
  };
}
