import type { RaRecord } from 'react-admin';

/** A staff member (`/api/admin/staff`, admins only). */
export interface StaffRecord extends RaRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'staff' | 'admin';
  disabled: boolean;
  /** their authenticator app is set up (S37) */
  mfaEnrolled: boolean;
  /** invited, and no password chosen yet */
  invitationPending: boolean;
  createdAt: string;
  lastSeenAt: string | null;
}

export const roleLabels: Record<StaffRecord['role'], string> = { staff: 'Staff', admin: 'Admin' };

/** identity's texts (SPEC §5 where it has them). */
export const staffMessages = {
  email: 'Please enter a valid email address',
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  role: 'Role must be staff or admin',
  currentPassword: 'Please enter your current password',
} as const;
