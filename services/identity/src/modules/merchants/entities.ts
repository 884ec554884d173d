import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { languages } from '@tullab/http';

/**
 * An invitation to a brand's merchant account (decision 016): sent when staff approved the brand's application or a
 * merchant invited a colleague. It is not an account and reserves nothing (issue 28, T24): the address, the name and
 * the language wait here, and the account is made only when the link in the e-mail is used, once, within
 * MERCHANT_INVITATION_HOURS. Only the SHA-256 of the token is stored; the e-mail carries it sealed. A brand has at
 * most one open invitation (neither accepted nor revoked) per address.
 */
export const MerchantInvitationSchema = defineEntity({
  name: 'MerchantInvitation',
  tableName: 'merchant_invitations',
  properties: {
    id: p.uuid().primary(),
    /** stored lower-cased */
    email: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    /** the language of the invitation's e-mail, and of the account it makes */
    language: p.enum([...languages]),
    brandId: p.uuid(),
    /** the brand's name as the invitation's e-mail showed it (offers owns the brand; identity keeps only this) */
    brandName: p.string(),
    tokenHash: p.string(),
    /** the merchant who invited a colleague; null for the invitation the brand's approval sent */
    invitedBy: p.uuid().nullable(),
    /** when it was sent */
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    /** the account its acceptance made; null until then */
    userId: p.uuid().nullable(),
    /** set when it was sent again (a new invitation replaced it), revoked by the brand, or met an existing account */
    revokedAt: p.datetime().nullable(),
  },
});
export type MerchantInvitation = InferEntity<typeof MerchantInvitationSchema>;
