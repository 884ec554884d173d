import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { EmailSchema } from '../emails/entities';
import { ContactMessageSchema } from '../contact-messages/entities';
import { templates, type EmailTemplateModule, type Language, type RenderContext } from '../emails/templates';

/** The registry by any name: a stored row may name a template that was removed since. */
const templateOf = (name: string): EmailTemplateModule | undefined =>
  (templates as Record<string, EmailTemplateModule | undefined>)[name];

/**
 * A mail's subject and text as it reads from what is still held, in the language it was written in: a one-time code
 * or link is never kept once sent, so a mail that showed one cannot be shown again; its values are given instead.
 */
function bodyOf(template: string, data: Record<string, string>, context: RenderContext, language: Language) {
  try {
    const rendered = templateOf(template)?.render(data, {}, context, language);
    return rendered ? { subject: rendered.subject, text: rendered.text } : null;
  } catch {
    return null;
  }
}

/**
 * Notifications' part of a student's data export (decision 009): the mail sent (or waiting) to any of the person's
 * addresses, with its body where it is still held, and the contact messages they sent from one of them.
 */
export async function exportNotifications(em: EntityManager, emails: string[], context: RenderContext) {
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (!addresses.length) return { data: { emails: [], contactMessages: [] } };
  // the two tables and columns are fixed here; only the addresses are values (S28)
  const byAddress = (table: 'email' | 'contact_message', column: 'recipient' | 'email') =>
    rows<object>(em, `select * from ${table} where lower(${column}) in (?) order by created_at`, [addresses]);
  const [mails, messages] = await Promise.all([
    byAddress('email', 'recipient').then((found) => found.map((row) => em.map(EmailSchema, row))),
    byAddress('contact_message', 'email').then((found) =>
      found.map((row) => em.map(ContactMessageSchema, row)),
    ),
  ]);
  return {
    data: {
      emails: mails.map((mail) => ({
        id: mail.id,
        to: mail.recipient,
        template: mail.template,
        status: mail.status,
        createdAt: mail.createdAt,
        sentAt: mail.sentAt ?? null,
        values: mail.data ?? {},
        body: bodyOf(mail.template, mail.data ?? {}, context, mail.language),
      })),
      contactMessages: messages.map((message) => ({
        id: message.id,
        firstName: message.firstName,
        lastName: message.lastName,
        email: message.email,
        message: message.message,
        status: message.status,
        sentAt: message.createdAt,
      })),
    },
  };
}
