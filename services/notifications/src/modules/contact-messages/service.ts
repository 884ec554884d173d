import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { addToOutbox } from '@tullab/events';
import { HttpError } from '@tullab/http';
import { ContactMessageSchema, type ContactMessage } from './entities';
import type { ContactMessageBody } from '@tullab/contracts';

export interface ContactContext {
  /** where support reads contact messages (SUPPORT_EMAIL) */
  supportEmail: string;
  /** the client's address as the gateway saw it */
  ip: string | null;
  /** the sender's account, when they were signed in (T23: their export and erasure reach the message by it) */
  userId: string | null;
  requestId?: string | null;
}

/**
 * Stores a contact message and, in the same transaction, asks for the e-mail to support (Reply-To = the sender), so
 * a stored message is always mailed and a mailed one always stored. A signed-in sender's message, and its copy as a
 * notice about them, are tied to their account (T23); a visitor's are tied to no one.
 */
export async function sendContactMessage(
  em: EntityManager,
  input: ContactMessageBody,
  context: ContactContext,
): Promise<ContactMessage> {
  const message = em.create(ContactMessageSchema, {
    id: randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    message: input.message,
    status: 'new',
    emailId: null,
    ip: context.ip,
    userId: context.userId,
    createdAt: new Date(),
    handledAt: null,
    handledBy: null,
  });
  message.emailId = addToOutbox(
    em,
    'email.requested',
    {
      to: context.supportEmail,
      template: 'contact-message',
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        message: input.message,
        contactMessageId: message.id,
      },
      replyTo: input.email,
      ...(context.userId ? { aboutUserId: context.userId } : {}),
    },
    context.requestId,
  );
  await em.flush();
  return message;
}

/** Staff mark a message handled, or open it again; the answer is the record as the admin API shows it. */
export async function setHandled(
  em: EntityManager,
  id: string,
  handled: boolean,
  staffId: string,
): Promise<ContactMessage> {
  const message = await em.findOne(ContactMessageSchema, { id });
  if (!message) throw new HttpError(404, 'Contact message not found');
  message.status = handled ? 'handled' : 'new';
  message.handledAt = handled ? new Date() : null;
  message.handledBy = handled ? staffId : null;
  await em.flush();
  return message;
}
