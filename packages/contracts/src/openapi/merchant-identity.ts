import { z } from 'zod';
import { acceptMerchantInvitationBody, inviteColleagueBody } from '../merchant/accounts.js';
import { userAnswer } from './answers.js';
import type { RouteGroup } from './route.js';

/** `MerchantColleague` of @tullab/contracts, field by field. */
const merchantColleague = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z
      .enum(['invited', 'active', 'disabled'])
      .meta({ description: '`invited`: the link was sent and not yet used' }),
    invitedAt: z.string(),
  })
  .meta({ id: 'MerchantColleague', description: "A merchant account of the caller's brand" });

/** Merchant accounts, kept by identity (decision 016): accepting an invitation, a brand's colleagues. */
export const merchantAccounts: RouteGroup = {
  tag: 'Merchant accounts',
  description:
    "Decision 016: a brand's merchant accounts. Approving its application invites the contact; merchants invite colleagues of the same brand.",
  routes: [
    {
      method: 'post',
      path: '/auth/accept-merchant-invitation',
      summary: 'Accept a merchant invitation: set the password and sign in',
      access: 'anyone',
      body: acceptMerchantInvitationBody,
      answer: userAnswer,
      refusals: [429],
      description:
        'Sets the `sid` cookie, as signing in does. An unknown, used or expired token is 400 `invitation_invalid` naming `token`.',
    },
    {
      method: 'get',
      path: '/merchant/colleagues',
      summary: "The merchant accounts of the caller's brand",
      access: 'merchant',
      answer: z.array(merchantColleague),
    },
    {
      method: 'post',
      path: '/merchant/colleagues',
      summary: "Invite a colleague to the caller's brand",
      access: 'merchant',
      body: inviteColleagueBody,
      status: 201,
      answer: merchantColleague,
      refusals: [409],
      description:
        'E-mails them a link to set their password (201). The e-mail of a colleague of the same brand who never set a password is invited again, as resending does (200). Any other e-mail that already has an account is 409 `email_taken`.',
    },
    {
      method: 'post',
      path: '/merchant/colleagues/:id/resend-invitation',
      summary: 'Send a colleague who never set a password a new invitation',
      access: 'merchant',
      answer: merchantColleague,
      refusals: [409, 429],
      description:
        "Revokes the colleague's earlier links and e-mails a new one, valid MERCHANT_INVITATION_HOURS. Another brand's account is 404; one that already set its password, or is disabled, is 409.",
    },
  ],
};
