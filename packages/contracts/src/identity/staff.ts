import { z } from 'zod';
import {
  identityMessages,
  newPasswordField,
  personNameField,
  totpCodeField,
  userEmailField,
} from './fields.js';

export const staffRoles = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** identity's texts for the staff forms (SPEC §5 where it has them). */
export const staffMessages = {
  email: identityMessages.email,
  firstName: identityMessages.firstName,
  lastName: identityMessages.lastName,
  role: 'Role must be staff or admin',
  currentPassword: 'Please enter your current password',
} as const;

/** The acting admin's own password, asked again before they grant a console role (S37: re-authentication). */
const currentPasswordField = z
  .string({ error: staffMessages.currentPassword })
  .min(1, staffMessages.currentPassword)
  .max(1024, 'Current password is incorrect');

/**
 * POST /admin/staff: whom to invite, as what (S29: only these fields), and the inviting admin's own password: an
 * invitation grants a console role, staff or admin, so it is confirmed like a role change.
 */
export const inviteStaffBody = z.object({
  email: userEmailField,
  firstName: personNameField(identityMessages.firstName),
  lastName: personNameField(identityMessages.lastName),
  role: z.enum(staffRoles, { error: staffMessages.role }),
  currentPassword: currentPasswordField,
});
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

/**
 * PUT /admin/staff/:id: a role change, with the acting admin's own password (S37: re-authentication before role
 * grants). react-admin sends the whole record; every other field is ignored.
 */
export const changeRoleBody = z.object({
  role: z.enum(staffRoles, { error: staffMessages.role }),
  currentPassword: currentPasswordField,
});
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

const invitationToken = z
  .string({ error: 'The invitation link is incomplete' })
  .min(1, 'The invitation link is incomplete')
  .max(512, 'This invitation is invalid or has expired');

/** POST /auth/accept-invitation/enrollment: the token from the e-mailed link. */
export const invitationEnrolmentBody = z.object({ token: invitationToken });
export type InvitationEnrolmentBody = z.infer<typeof invitationEnrolmentBody>;

/**
 * POST /auth/accept-invitation: the token from the e-mailed link, the new password (S3 policy) and the code of the
 * authenticator app set up with the key the accept page shows.
 */
export const acceptInvitationBody = z.object({
  token: invitationToken,
  password: newPasswordField,
  code: totpCodeField,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

/** A staff member as the console shows them (`/admin/staff`, admins only). */
export interface StaffRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  disabled: boolean;
  /** their second factor is set up (S37) */
  mfaEnrolled: boolean;
  /** invited, and the invitation not accepted yet: no password */
  invitationPending: boolean;
  createdAt: string;
  lastSeenAt: string | null;
}
