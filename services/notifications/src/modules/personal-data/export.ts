import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { EmailSchema, type Email } from '../emails/entities';
import { ContactMessageSchema } from '../contact-messages/entities';
import { templates, type EmailTemplateModule, type Language, type RenderContext } from '../emails/templates';
import { reached, type Reach } from './reach';

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

/** The mail of `where`, oldest first, as entities. */
async function mailWhere(em: EntityManager, where: string, params: unknown[]): Promise<Email[]> {
  const found = await rows<object>(em, `select * from email where ${where} order by created_at`, params);
  return found.map((row) => em.map(EmailSchema, row));
}

/**
 * Notifications' part of a student's data export (decision 009, T23): the mail sent (or waiting) to them and the
 * contact messages they sent, reached by their account (the tie written with the row) or, for rows tied to nobody, by
 * an address they proved; and the notices staff were sent about them (staff alerts, their messages' copies to
 * support), without the team inbox's address. Nothing reached only by an address someone typed.
 */
export async function exportNotifications(em: EntityManager, reach: Reach, context: RenderContext) {
  const mailsReached = reached('email', reach);
  const messagesReached = reached('contact_message', reach);
  const [mails, messages, notices] = await Promise.all([
    mailWhere(em, mailsReached.sql, mailsReached.params),
    rows<object>(
      em,
      `select * from contact_message where ${messagesReached.sql} order by created_at`,
      messagesReached.params,
    ).then((found) => found.map((row) => em.map(ContactMessageSchema, row))),
    reach.userId ? mailWhere(em, 'about_user_id = ?', [reach.userId]) : [],
  ]);
  /** a mail as the export shows it, whoever it went to */
  const mailView = (mail: Email) => ({
    template: mail.template,
    status: mail.status,
    createdAt: mail.createdAt,
    sentAt: mail.sentAt ?? null,
    values: mail.data ?? {},
    body: bodyOf(mail.template, mail.data ?? {}, context, mail.language),
  });
  return {
    data: {
      emails: mails.map((mail) => ({ id: mail.id, to: mail.recipient, ...mailView(mail) })),
      contactMessages: messages.map((message) => ({
        id: message.id,
        firstName: message.firstName,
        lastName: message.lastName,
        email: message.email,
        message: message.message,
        status: message.status,
        sentAt: message.createdAt,
      })),
      // what the team inbox was told about them: to staff, not to them, so no recipient
      noticesToStaff: notices.map((mail) => ({ id: mail.id, ...mailView(mail) })),
    },
  };
}
