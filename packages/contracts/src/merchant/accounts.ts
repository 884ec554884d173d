import { z } from 'zod';
import { identityMessages, newPasswordField, personNameField, userEmailField } from '../identity/fields.js';

/**
 * Merchant accounts (issue 16, decision 016), kept by identity. Approving a merchant application invites its contact
 * (`brand.approved`); a merchant invites colleagues of the same brand. An invitation is a link valid for
 * MERCHANT_INVITATION_HOURS; it reserves nothing (issue 28, T24): the account is made only when the link is accepted,
 * which sets the password and signs the merchant in.
 */
export const MERCHANT_INVITATION_HOURS = 72;

/**
 * Invitations a brand may send (T24), new ones and sent-again ones counted together: enough for a team joining at
 * once, too few to flood anyone's inbox. To one address, a brand sends at most MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR.
 */
export const MERCHANT_INVITATIONS_PER_HOUR = 10;
export const MERCHANT_INVITATIONS_PER_DAY = 50;
export const MERCHANT_INVITATIONS_PER_ADDRESS_PER_HOUR = 5;

/** POST /auth/accept-merchant-invitation: the token from the e-mailed link and the new password. */
export const acceptMerchantInvitationBody = z.object({
  token: z.string({ error: 'This invitation link is invalid or has expired' }).min(1).max(512),
  password: newPasswordField,
});
export type AcceptMerchantInvitationBody = z.infer<typeof acceptMerchantInvitationBody>;

/** POST /merchant/invitations: whom to invite to the caller's brand. */
export const inviteColleagueBody = z.object({
  email: userEmailField,
  firstName: personNameField(identityMessages.firstName),
  lastName: personNameField(identityMessages.lastName),
});
export type InviteColleagueBody = z.infer<typeof inviteColleagueBody>;

/** POST /merchant/invitations/:id/resend and …/revoke: the invitation's id. */
export const invitationIdParams = z.object({ id: z.uuid('Not a valid invitation id') });

/** GET /merchant/colleagues: the brand's merchant accounts, the caller's included. */
export interface MerchantColleague {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: 'active' | 'disabled';
  /** when the account was made: when its invitation was accepted */
  joinedAt: string;
}

/**
 * GET /merchant/invitations: an invitation of the caller's brand that was neither accepted nor revoked. It says
 * nothing of whether the address has an account (T24): every invitation looks the same.
 */
export interface MerchantInvitation {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** `expired`: the link's MERCHANT_INVITATION_HOURS are over; it can be sent again */
  status: 'pending' | 'expired';
  invitedAt: string;
  expiresAt: string;
  /** the colleague who sent it; null for the one the brand's approval sent */
  invitedBy: string | null;
}
