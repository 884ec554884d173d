import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An admin's invitation to the staff console: the invited account has no password and no second factor until the
 * link in the e-mail is used, once, within 72 hours. Only the SHA-256 of the token is stored; the e-mail carries it sealed.
 */
export const StaffInvitationSchema = defineEntity({
  name: 'StaffInvitation',
  tableName: 'staff_invitations',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tokenHash: p.string(),
    /** the admin who invited */
    invitedBy: p.uuid(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    /** set when another invitation of the same account was accepted */
    revokedAt: p.datetime().nullable(),
    /** the authenticator key shown on the accept page, sealed, until the acceptance confirms it with a code (S37) */
    pendingMfaSecret: p.string().nullable(),
  },
});
export type StaffInvitation = InferEntity<typeof StaffInvitationSchema>;
