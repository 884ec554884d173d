import { z } from 'zod';
import {
  acceptMerchantInvitationBody,
  invitationIdParams,
  inviteColleagueBody,
} from '../merchant/accounts.js';
import { userAnswer } from './answers.js';
import { routeGroup } from './route.js';

/** `MerchantColleague` of @tullab/contracts, field by field. */
const merchantColleague = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(['active', 'disabled']),
    joinedAt: z.string().meta({ description: 'when the account was made, by accepting its invitation' }),
  })
  .meta({ id: 'MerchantColleague', description: "A merchant account of the caller's brand" });

/** `MerchantInvitation` of @tullab/contracts, field by field. */
const merchantInvitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z
      .enum(['pending', 'expired'])
      .meta({ description: '`expired`: the link is past MERCHANT_INVITATION_HOURS; it can be sent again' }),
    invitedAt: z.string(),
    expiresAt: z.string(),
    invitedBy: z
      .string()
      .nullable()
      .meta({ description: 'the colleague who sent it; null for the approval' }),
  })
  .meta({
    id: 'MerchantInvitation',
    description:
      "An invitation of the caller's brand, neither accepted nor revoked. It is not an account, and says nothing of whether the address has one (T24).",
  });

/** Merchant accounts, kept by identity (decision 016): accepting an invitation, a brand's colleagues and invitations. */
export const merchantAccounts = routeGroup({
  owner: 'identity',
  tag: 'Merchant accounts',
  description:
    "Decision 016: a brand's merchant accounts. Approving its application invites the contact; merchants invite colleagues of the same brand. An invitation reserves nothing: the account is made when it is accepted (T24).",
  routes: {
    acceptInvitation: {
      method: 'post',
      path: '/auth/accept-merchant-invitation',
      summary: 'Accept a merchant invitation: make the account, set its password and sign in',
      access: 'anyone',
      body: acceptMerchantInvitationBody,
      answer: userAnswer,
      refusals: [409, 429],
      description:
        'Sets the `sid` cookie, as signing in does. An unknown, used, revoked or expired token is 400 `invitation_invalid` naming `token`. When the address has become an account of any kind meanwhile, the invitation ends and the answer is 409 `invitation_email_taken`: that account is never changed.',
    },
    colleagues: {
      method: 'get',
      path: '/merchant/colleagues',
      summary: "The merchant accounts of the caller's brand",
      access: 'merchant',
      answer: z.array(merchantColleague),
    },
    invitations: {
      method: 'get',
      path: '/merchant/invitations',
      summary: "The open invitations of the caller's brand, newest first",
      access: 'merchant',
      answer: z.array(merchantInvitation),
    },
    inviteColleague: {
      method: 'post',
      path: '/merchant/invitations',
      summary: "Invite a colleague to the caller's brand",
      access: 'merchant',
      body: inviteColleagueBody,
      status: 201,
      answer: merchantInvitation,
      refusals: [409, 429],
      description:
        "The same 201 and answer whether the address has an account of any role, an open invitation of this brand (which ends: the new one replaces it) or nothing; only an address without an account is e-mailed the link. An address of a member of the caller's own team is 409 `already_in_team`. At most MERCHANT_INVITATIONS_PER_HOUR (10) and MERCHANT_INVITATIONS_PER_DAY (50) per brand, sending again included, and MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR (5) to one address: else 429 `too_many_invitations` with `Retry-After`.",
    },
    resendInvitation: {
      method: 'post',
      path: '/merchant/invitations/:id/resend',
      summary: 'Send an open invitation again: a new link, the old one ended',
      access: 'merchant',
      params: invitationIdParams,
      status: 201,
      answer: merchantInvitation,
      refusals: [409, 429],
      description:
        "Answers the new invitation, valid MERCHANT_INVITATION_HOURS, as inviting the address again does, and counts against the same limits. Another brand's invitation, or one accepted or revoked, is 404.",
    },
    revokeInvitation: {
      method: 'post',
      path: '/merchant/invitations/:id/revoke',
      summary: 'Revoke an open invitation: its link stops working',
      access: 'merchant',
      params: invitationIdParams,
      status: 204,
      description: "Another brand's invitation, or one accepted or revoked, is 404.",
    },
  },
});
