import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { contactMessageStatuses } from '@tullab/contracts';

export { contactMessageStatuses };
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];

/** A message sent through the contact form (SPEC §3 "Contact message"); support gets it by e-mail. */
export const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_message',
  properties: {
    id: p.uuid().primary(),
    firstName: p.string(),
    lastName: p.string(),
    email: p.string(),
    message: p.text(),
    status: p.enum([...contactMessageStatuses]),
    /** the `email.requested` event (and so the `email` row) that carries it to support */
    emailId: p.uuid().nullable(),
    ip: p.string().nullable(),
    /** the account of a sender who was signed in (T23): their export and erasure reach the message by it */
    userId: p.uuid().nullable(),
    createdAt: p.datetime(),
    /** when and by which staff member it was marked handled */
    handledAt: p.datetime().nullable(),
    handledBy: p.uuid().nullable(),
  },
});
export type ContactMessage = InferEntity<typeof ContactMessageSchema>;
