import { z } from 'zod';

/**
 * The data of every e-mail the product sends, per template: what a service puts in `email.requested`'s `data`
 * (display values, all text, never a secret; secrets travel sealed) and what notifications' template checks before
 * it renders. All values are untrusted text.
 */

/** Control characters and runs of white space become one space, so a value cannot break a subject apart. */
export function oneLine(value: string): string {
  return value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The recipient's first name; without one the greeting is "Hello,". */
const optionalFirstName = z.string().max(100).optional();

/** A short value shown inside a sentence or a subject (a name, a brand, a document type, a date), made one line. */
const label = z.string().transform(oneLine).pipe(z.string().min(1).max(200));

/** Longer free text shown as written, line breaks kept (a reviewer's reason, an alert's message). */
const note = z.string().trim().min(1).max(5000);

/** A moment (ISO 8601, with offset), shown in UAE time. */
const moment = z.iso.datetime({ offset: true });

export const codeReportOutcomes = ['fresh-code', 'offer-paused', 'answered'] as const;

export const emailTemplateData = {
  'password-reset-code': z.object({
    /** how long the code is valid, in minutes (default 10) */
    validForMinutes: z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of minutes')
      .optional(),
  }),
  'password-changed': z.object({
    /** when it happened */
    changedAt: moment.optional(),
  }),
  /** to support: a message from the contact form, answered by replying */
  'contact-message': z.object({
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    email: z.email(),
    message: z.string().min(1),
    /** the contact_message row, for staff looking it up in the console */
    contactMessageId: z.string().optional(),
  }),
  /** sealed {code}; expiresAt = the code's expiry */
  'student-email-code': z.object({ institution: label }),
  /** a document-type code such as `student_id`; notifications shows its label */
  'verification-document-received': z.object({ documentType: label }),
  /** `expiresOn` is an ISO date (`2027-11-21`), formatted in the mail's language */
  'verification-approved': z.object({ firstName: optionalFirstName, expiresOn: label }),
  'verification-rejected': z.object({ firstName: optionalFirstName, reason: note }),
  'verification-expiring': z.object({
    firstName: optionalFirstName,
    expiresOn: label,
    daysLeft: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number of days, at least 1'),
  }),
  'verification-expired': z.object({ firstName: optionalFirstName }),
  'merchant-application-received': z.object({}),
  'merchant-application-approved': z.object({ contactName: label, brandName: label }),
  'merchant-application-rejected': z.object({ contactName: label, brandName: label, reason: note }),
  /**
   * to a new staff member; sealed {token}; expiresAt = the invitation's expiry. The link is
   * `${PUBLIC_URL}/admin/#/accept-invitation?token=<token>`.
   */
  'staff-invitation': z.object({
    firstName: optionalFirstName,
    role: z.enum(['staff', 'admin']),
    /** the inviting admin's name */
    invitedBy: label,
  }),
  /** to a staff member whose authenticator app was just set up (S37) */
  'staff-second-factor-enrolled': z.object({ firstName: optionalFirstName, enrolledAt: moment }),
  /** to a staff member whose second factor an operator reset (`reset-mfa`) */
  'staff-second-factor-reset': z.object({ firstName: optionalFirstName, resetAt: moment }),
  /** to staff; `actionPath` is below PUBLIC_URL, e.g. `/admin#/verifications/<id>/show` */
  'staff-alert': z.object({
    title: label,
    message: note,
    actionPath: z
      .string()
      .max(500)
      .regex(/^\/(?!\/)[^\s\p{Cc}\\]*$/u, 'must be a path below the public URL, such as /admin')
      .optional(),
  }),
  /** to a student who agreed to offer e-mails */
  'saved-offer-ending': z.object({
    firstName: optionalFirstName,
    offerTitle: label,
    brandName: label,
    /** when the offer ends */
    expiresAt: moment,
    offerId: z.uuid(),
  }),
  /** to a student who reported a code */
  'code-report-answered': z.object({
    firstName: optionalFirstName,
    offerTitle: label,
    brandName: label,
    outcome: z.enum(codeReportOutcomes),
    message: note,
  }),
  /**
   * to a brand's contact when staff approved its application, or to a colleague a merchant invited (decision 016);
   * sealed {token}; expiresAt = the invitation's expiry. The link is
   * `${PUBLIC_URL}/merchant/accept-invitation?token=<token>`.
   */
  'merchant-invitation': z.object({
    firstName: optionalFirstName,
    brandName: label,
    /** how long the link is valid, in hours (MERCHANT_INVITATION_HOURS) */
    expiresHours: z.string().regex(/^[1-9]\d{0,3}$/, 'must be a whole number of hours, at least 1'),
    /** the colleague who invited them; absent when the brand's approval sent the invitation */
    invitedBy: label.optional(),
  }),
  /**
   * to a brand's contact: an offer's code pool runs low or ran out (decision 016); the mail links to the merchant
   * portal (`${PUBLIC_URL}/merchant`), where they can upload codes
   */
  'merchant-pool-low': z.object({
    contactName: label,
    brandName: label,
    offerTitle: label,
    codesLeft: z.string().regex(/^\d{1,7}$/, 'must be a whole number of codes'),
  }),
  /** to a brand's contact: staff approved or rejected an offer its merchants proposed (decision 016) */
  'offer-proposal-decided': z.object({
    contactName: label,
    brandName: label,
    offerTitle: label,
    /** whether staff approved it (`true`) or rejected it (`false`), as text like every value */
    approved: z.enum(['true', 'false']),
    /** staff's reason, when rejected */
    reason: note.optional(),
  }),
} as const;

export type EmailTemplate = keyof typeof emailTemplateData;
/** Every template's name, in the order above. */
export const emailTemplates = Object.keys(emailTemplateData) as [EmailTemplate, ...EmailTemplate[]];
export type EmailTemplateData<T extends EmailTemplate> = z.input<(typeof emailTemplateData)[T]>;
