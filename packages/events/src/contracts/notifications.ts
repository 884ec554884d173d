import { languages } from '@tullab/http';
import { z } from 'zod';

/**
 * Every e-mail the product sends; notifications renders one text + HTML template per name. The data each one
 * needs (all strings) is checked by its template in services/notifications; secrets travel `sealed`.
 */
export const emailTemplates = [
  'password-reset-code',
  'password-changed',
  'contact-message',
  /** data {institution}; sealed {code}; expiresAt = the code's expiry */
  'student-email-code',
  /** data {firstName, documentType} (a document-type code such as `student_id`; notifications shows its label) */
  'verification-document-received',
  /** data {firstName, expiresOn} (an ISO date, `2027-11-21`; notifications formats it in the mail's language) */
  'verification-approved',
  /** data {firstName, reason} */
  'verification-rejected',
  /** data {firstName, expiresOn (ISO date), daysLeft} */
  'verification-expiring',
  /** data {firstName} */
  'verification-expired',
  /** data {contactName, brandName} */
  'merchant-application-received',
  /** data {contactName, brandName} */
  'merchant-application-approved',
  /** data {contactName, brandName, reason} */
  'merchant-application-rejected',
  /**
   * to a new staff member: data {firstName, role, invitedBy}; sealed {token}; expiresAt = the invitation's expiry.
   * The link is `${PUBLIC_URL}/admin/#/accept-invitation?token=<token>`.
   */
  'staff-invitation',
  /** to a staff member whose authenticator app was just set up (S37): data {firstName, enrolledAt (ISO 8601)} */
  'staff-second-factor-enrolled',
  /** to a staff member whose second factor an operator reset (`reset-mfa`): data {firstName, resetAt (ISO 8601)} */
  'staff-second-factor-reset',
  /** to staff: data {title, message, actionPath?} (actionPath below PUBLIC_URL, e.g. `/admin#/verifications/<id>/show`) */
  'staff-alert',
  /** to a student who agreed to offer e-mails: data {firstName?, offerTitle, brandName, expiresAt (ISO 8601), offerId} */
  'saved-offer-ending',
  /** to a student who reported a code: data {firstName?, offerTitle, brandName, outcome (fresh-code|offer-paused|answered), message} */
  'code-report-answered',
] as const;
export type EmailTemplate = (typeof emailTemplates)[number];

export const emailRequestedPayload = z.object({
  to: z.email(),
  template: z.enum(emailTemplates),
  /** values shown in the message; never a secret */
  data: z.record(z.string(), z.string()).default({}),
  /** secret values (a code), sealed with the internal key so neither the outbox nor Redis holds them in clear */
  sealed: z.string().optional(),
  /** after this the message is useless (a code expired) and is not sent */
  expiresAt: z.iso.datetime().optional(),
  replyTo: z.email().optional(),
  /** the recipient's language (issue 12): the template's text in it, right to left for Arabic; English when absent */
  language: z.enum(languages).optional(),
});
export type EmailRequestedPayload = z.infer<typeof emailRequestedPayload>;
