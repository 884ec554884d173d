import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * An invitation to a brand's merchant account (decision 016): sent when staff approved the brand's application or a
 * merchant invited a colleague. The account has no password until the link in the e-mail is used, once, within
 * MERCHANT_INVITATION_HOURS. Only the SHA-256 of the token is stored; the e-mail carries it sealed.
 */
export const MerchantInvitationSchema = defineEntity({
  name: 'MerchantInvitation',
  tableName: 'merchant_invitations',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    brandId: p.uuid(),
    /** the brand's name as the invitation's e-mail showed it (offers owns the brand; identity keeps only this) */
    brandName: p.string(),
    tokenHash: p.string(),
    /** the merchant who invited a colleague; null for the invitation the brand's approval sent */
    invitedBy: p.uuid().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    /** set when another invitation of the same account was accepted */
    revokedAt: p.datetime().nullable(),
  },
});
export type MerchantInvitation = InferEntity<typeof MerchantInvitationSchema>;
