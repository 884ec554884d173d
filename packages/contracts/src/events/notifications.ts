import { emailTemplateData, emailTemplates, type EmailTemplate } from '../notifications/email-templates.js';
import { languages } from '../languages.js';
import { z } from 'zod';

/*
 * Every e-mail the product sends names one of `emailTemplates`; notifications renders one text + HTML template per
 * name. Each template's `data` (display values, never a secret) is `emailTemplateData`, so a producer sending the
 * wrong fields fails to compile; secrets travel `sealed`, checked by the template in services/notifications.
 */

const deliveryFields = {
  to: z.email(),
  /** secret values (a code), sealed with the internal key so neither the outbox nor Redis holds them in clear */
  sealed: z.string().optional(),
  /** after this the message is useless (a code expired) and is not sent */
  expiresAt: z.iso.datetime().optional(),
  replyTo: z.email().optional(),
  /** the recipient's language: the template's text in it, right to left for Arabic; English when absent */
  language: z.enum(languages).optional(),
  /**
   * the account the mail is to, when the producer knows it: notifications ties the mail to it, and a student's export
   * and erasure reach it by that tie whatever its address (decision 009, T23). Absent in events written before.
   */
  userId: z.uuid().optional(),
  /**
   * the student a mail to staff names (a staff alert, a contact message's copy to support): the student's export shows
   * it as a notice to staff about them, and their erasure empties what names them (decision 009, T23)
   */
  aboutUserId: z.uuid().optional(),
};

const requestOf = <T extends EmailTemplate>(template: T) =>
  z.object({ ...deliveryFields, template: z.literal(template), data: emailTemplateData[template] });

/** One request schema per template, as a union of their types so the payload type narrows on `template`. */
type EmailRequestSchema = { [T in EmailTemplate]: ReturnType<typeof requestOf<T>> }[EmailTemplate];

export const emailRequestedPayload = z.discriminatedUnion(
  'template',
  emailTemplates.map(requestOf) as [EmailRequestSchema, ...EmailRequestSchema[]],
);
export type EmailRequestedPayload = z.infer<typeof emailRequestedPayload>;
