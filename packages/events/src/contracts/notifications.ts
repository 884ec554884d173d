import { z } from 'zod';

/** Every e-mail the product sends; notifications renders one text + HTML template per name. */
export const emailTemplates = ['password-reset-code', 'password-changed', 'contact-message'] as const;
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
});
export type EmailRequestedPayload = z.infer<typeof emailRequestedPayload>;
