import type { ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
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

/** POST /admin/staff: whom to invite, as what (S29: only these fields). */
export const inviteStaffBody = z.object({
  email: emailField,
  firstName: nameField(messages.firstName),
  lastName: nameField(messages.lastName),
  role: z.enum(staffRoles, { error: ROLE_MESSAGE }),
});
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

/**
 * PUT /admin/staff/:id: a role change, with the acting admin's own password (S37: re-authentication before role
 * grants). react-admin sends the whole record; every other field is ignored.
 */
export const changeRoleBody = z.object({
  role: z.enum(staffRoles, { error: ROLE_MESSAGE }),
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_MESSAGE })
    .min(1, CURRENT_PASSWORD_MESSAGE)
    .max(1024, 'Current password is incorrect'),
});
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

/** POST /auth/accept-invitation: the token from the e-mailed link and the new password (S3 policy). */
export const acceptInvitationBody = z.object({
  token: z
    .string({ error: 'The invitation link is incomplete' })
    .min(1, 'The invitation link is incomplete')
    .max(512, 'This invitation is invalid or has expired'),
  password: newPasswordField,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;
