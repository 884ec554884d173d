import { z } from 'zod';
import { identityMessages, newPasswordField, personNameField, userEmailField } from '../identity/fields.js';

/**
 * Merchant accounts (issue 16, decision 016), kept by identity. Approving a merchant application invites its contact
 * (`brand.approved`); a merchant invites colleagues of the same brand. An invitation is a link valid for
 * MERCHANT_INVITATION_HOURS; accepting it sets the password and signs the merchant in.
 */
export const MERCHANT_INVITATION_HOURS = 72;

/** POST /auth/accept-merchant-invitation: the token from the e-mailed link and the new password. */
export const acceptMerchantInvitationBody = z.object({
  token: z.string({ error: 'This invitation link is invalid or has expired' }).min(1).max(512),
  password: newPasswordField,
});
export type AcceptMerchantInvitationBody = z.infer<typeof acceptMerchantInvitationBody>;

/** POST /merchant/colleagues: whom to invite to the caller's brand. */
export const inviteColleagueBody = z.object({
  email: userEmailField,
  firstName: personNameField(identityMessages.firstName),
  lastName: personNameField(identityMessages.lastName),
});
export type InviteColleagueBody = z.infer<typeof inviteColleagueBody>;

/** GET /merchant/colleagues: the brand's merchant accounts, the caller's included. */
export interface MerchantColleague {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** `invited`: the link was sent and not yet used */
  status: 'invited' | 'active' | 'disabled';
  invitedAt: string;
}
