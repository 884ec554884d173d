import type { ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
import { totpCodeField } from '../mfa/schemas';
import { emailField, messages, nameField, newPasswordField } from '../users/schemas';

export const staffRoles = ['staff', 'admin'] as const;
const ROLE_MESSAGE = 'Role must be staff or admin';
const CURRENT_PASSWORD_MESSAGE = 'Please enter your current password';

/** GET /admin/staff: `filter={"q":"…","role":["admin"],"disabled":false}`. */
export const listStaffOptions: ListQueryOptions = {
  sortable: ['createdAt', 'email', 'lastName', 'role'],
  filterable: { role: 'in', disabled: 'bool' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['firstName', 'lastName', 'email'],
};

/** The acting admin's own password, asked again before they grant a console role (S37: re-authentication). */
const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_MESSAGE })
  .min(1, CURRENT_PASSWORD_MESSAGE)
  .max(1024, 'Current password is incorrect');

/**
 * POST /admin/staff: whom to invite, as what (S29: only these fields), and the inviting admin's own password: an
 * invitation grants a console role, staff or admin, so it is confirmed like a role change.
 */
export const inviteStaffBody = z.object({
  email: emailField,
  firstName: nameField(messages.firstName),
  lastName: nameField(messages.lastName),
  role: z.enum(staffRoles, { error: ROLE_MESSAGE }),
  currentPassword: currentPasswordField,
});
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

/**
 * PUT /admin/staff/:id: a role change, with the acting admin's own password (S37: re-authentication before role
 * grants). react-admin sends the whole record; every other field is ignored.
 */
export const changeRoleBody = z.object({
  role: z.enum(staffRoles, { error: ROLE_MESSAGE }),
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
