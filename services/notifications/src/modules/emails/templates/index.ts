import type { EmailTemplate } from '@tullab/contracts';
import { codeReportAnswered } from './code-report-answered';
import { contactMessage } from './contact-message';
import { merchantApplicationApproved } from './merchant-application-approved';
import { merchantApplicationReceived } from './merchant-application-received';
import { merchantApplicationRejected } from './merchant-application-rejected';
import { merchantInvitation } from './merchant-invitation';
import { merchantPoolLow } from './merchant-pool-low';
import { offerProposalDecided } from './offer-proposal-decided';
import { passwordChanged } from './password-changed';
import { passwordResetCode } from './password-reset-code';
import { savedOfferEnding } from './saved-offer-ending';
import { staffAlert } from './staff-alert';
import { staffInvitation } from './staff-invitation';
import { staffSecondFactorEnrolled } from './staff-second-factor-enrolled';
import { staffSecondFactorReset } from './staff-second-factor-reset';
import { studentEmailCode } from './student-email-code';
import { verificationApproved } from './verification-approved';
import { verificationDocumentReceived } from './verification-document-received';
import { verificationExpired } from './verification-expired';
import { verificationExpiring } from './verification-expiring';
import { verificationRejected } from './verification-rejected';
import type { Language } from './locale';
import type { EmailTemplateModule, RenderContext, RenderedEmail } from './types';

export { TemplateInputError, defineTemplate } from './types';
export type { EmailTemplateModule, RenderContext, RenderedEmail, TemplateDefinition } from './types';
export type { Language } from './locale';

/**
 * Every template, keyed by the `EmailTemplate` union of @tullab/events: a name added there without a file here
 * fails to compile. To add one: a file beside these with `defineTemplate({ data, secrets, render })`, then a line here.
 */
export const templates = {
  'password-reset-code': passwordResetCode,
  'password-changed': passwordChanged,
  'contact-message': contactMessage,
  'student-email-code': studentEmailCode,
  'verification-document-received': verificationDocumentReceived,
  'verification-approved': verificationApproved,
  'verification-rejected': verificationRejected,
  'verification-expiring': verificationExpiring,
  'verification-expired': verificationExpired,
  'merchant-application-received': merchantApplicationReceived,
  'merchant-application-approved': merchantApplicationApproved,
  'merchant-application-rejected': merchantApplicationRejected,
  'staff-invitation': staffInvitation,
  'staff-second-factor-enrolled': staffSecondFactorEnrolled,
  'staff-second-factor-reset': staffSecondFactorReset,
  'staff-alert': staffAlert,
  'saved-offer-ending': savedOfferEnding,
  'code-report-answered': codeReportAnswered,
  'merchant-invitation': merchantInvitation,
  'merchant-pool-low': merchantPoolLow,
  'offer-proposal-decided': offerProposalDecided,
} satisfies Record<EmailTemplate, EmailTemplateModule>;

/** A mail in the recipient's `language` (English when not given; staff templates are always English). */
export function renderEmail(
  template: EmailTemplate,
  data: Record<string, string>,
  secrets: Record<string, string>,
  context: RenderContext,
  language?: Language,
): RenderedEmail {
  return templates[template].render(data, secrets, context, language);
}
