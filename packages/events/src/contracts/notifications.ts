import { emailTemplateData, emailTemplates, type EmailTemplate } from '@tullab/contracts';
import { languages } from '@tullab/http';
import { z } from 'zod';

/**
 * Every e-mail the product sends; notifications renders one text + HTML template per name. Each template's `data`
 * (display values, never a secret) is the contracts' `emailTemplateData`, so a producer sending the wrong fields
 * fails to compile; secrets travel `sealed`, checked by the template in services/notifications.
 */
export { emailTemplates, type EmailTemplate };

const deliveryFields = {
  to: z.email(),
  /** secret values (a code), sealed with the internal key so neither the outbox nor Redis holds them in clear */
  sealed: z.string().optional(),
  /** after this the message is useless (a code expired) and is not sent */
  expiresAt: z.iso.datetime().optional(),
  replyTo: z.email().optional(),
  /** the recipient's language: the template's text in it, right to left for Arabic; English when absent */
  language: z.enum(languages).optional(),
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
