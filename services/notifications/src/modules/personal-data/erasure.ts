import type { EntityManager } from '@mikro-orm/core';
import { affected, rows } from '@tullab/db';
import type { Handler } from '@tullab/events';
import { recordErasure } from '@tullab/audit-log';
import { reached, reachOf, type Reach } from './reach';

/**
 * What an erased mail keeps (decision 009): its template, status and dates for the delivery record. The values its
 * body was made of, its Reply-To and any sealed value go, and the row records when (as retention does, decision
 * 010); one still waiting is not sent (`expired`).
 */
const EMPTIED = `data = '{}', reply_to = null, sealed = null,
  status = case when status = 'pending' then 'expired' else status end,
  body_erased_at = coalesce(body_erased_at, now())`;

/**
 * Erases what `reach` reaches (T23), in the handler's transaction: the person's contact messages lose the sender's
 * name, address, words and IP, and so does the copy of each that went to support; mail to them loses its recipient
 * and body; with an account, the notices staff were sent about them (`about_user_id`) lose the values that name them
 * (the team inbox stays their recipient). Nothing tied to another account, nothing reached by an unproven address.
 * Answers how many rows of each held their data.
 */
async function eraseReached(em: EntityManager, reach: Reach) {
  const messagesReached = reached('contact_message', reach);
  const messages = await rows<{ email_id: string | null }>(
    em,
    `update contact_message set first_name = '', last_name = '', email = '', message = '', ip = null
      where ${messagesReached.sql} returning email_id`,
    messagesReached.params,
  );
  const copies = messages.map((message) => message.email_id).filter((id): id is string => !!id);
  const forwarded = copies.length
    ? await affected(em, `update email set ${EMPTIED} where id in (?)`, [copies])
    : 0;
  const mailsReached = reached('email', reach);
  const mails = await affected(
    em,
    `update email set recipient = '', ${EMPTIED} where ${mailsReached.sql}`,
    mailsReached.params,
  );
  const notices = reach.userId
    ? await affected(em, `update email set ${EMPTIED} where about_user_id = ?`, [reach.userId])
    : 0;
  return { emails: mails, contactMessages: messages.length, forwardedContactMessages: forwarded, notices };
}

/**
 * `account.deleted` (decision 009, T23): the person's mail and contact messages, reached by their account and by the
 * addresses the event says they proved (the platform's own addresses taken out), and the staff alerts that name them,
 * are erased. Audited with who deleted the account.
 */
export function onAccountDeleted(platform: ReadonlySet<string>): Handler<'account.deleted'> {
  return async ({ userId, emails, actor }, { em, envelope, log }) => {
    const held = await eraseReached(em, reachOf(userId, emails, platform));
    // how many rows held the person's data before, and after
    recordErasure(em, actor, envelope.requestId, userId, 'erased', held);
    log.info({ userId, ...held }, 'mail and contact messages erased after account deletion');
  };
}

/**
 * `verification.student_emails_erased` (T23): the mail to the student e-mails the person proved, and the contact
 * messages from them, that are tied to no account (written before rows were tied, or sent signed out). Audited with
 * who deleted the account.
 */
export function onStudentEmailsErased(
  platform: ReadonlySet<string>,
): Handler<'verification.student_emails_erased'> {
  return async ({ userId, provedEmails, actor }, { em, envelope, log }) => {
    const held = await eraseReached(em, reachOf(null, provedEmails, platform));
    recordErasure(em, actor, envelope.requestId, userId, 'erased', held);
    log.info({ userId, ...held }, 'mail to proved student e-mails erased after account deletion');
  };
}
