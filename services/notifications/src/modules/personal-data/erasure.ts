import { affected } from '@tullab/db';
import type { Handler } from '@tullab/events';
import { recordErasure } from '@tullab/runtime';

/**
 * `account.deleted` (decision 009): notifications knows people only by address, so it erases by the addresses the
 * event names. Mail to them keeps its template, status and dates for the delivery record, and loses its recipient,
 * the values its body was made of and any sealed value (a delivered one records when, as the retention policy does,
 * decision 010); one still waiting is not sent (`expired`). Their contact messages lose the sender's name, address,
 * words and IP, and so does the copy of each that went to support. Audited with who deleted the account.
 */
export const onAccountDeleted: Handler<'account.deleted'> = async (
  { userId, emails, actor },
  { em, envelope, log },
) => {
  const addresses = emails.map((email) => email.toLowerCase());
  const forwarded = await affected(
    em,
    `update email set data = '{}', reply_to = null, sealed = null,
        status = case when status = 'pending' then 'expired' else status end,
        body_erased_at = case when status = 'sent' then coalesce(body_erased_at, now()) end
      where id in (select email_id from contact_message where lower(email) in (?))`,
    [addresses],
  );
  const messages = await affected(
    em,
    `update contact_message set first_name = '', last_name = '', email = '', message = '', ip = null
      where lower(email) in (?)`,
    [addresses],
  );
  const mails = await affected(
    em,
    `update email set recipient = '', data = '{}', reply_to = null, sealed = null,
        status = case when status = 'pending' then 'expired' else status end,
        body_erased_at = case when status = 'sent' then coalesce(body_erased_at, now()) end
      where lower(recipient) in (?)`,
    [addresses],
  );
  // how many rows held the person's data before, and after
  recordErasure(em, actor, envelope.requestId, userId, 'erased', {
    emails: mails,
    contactMessages: messages,
    forwardedContactMessages: forwarded,
  });
  log.info({ userId, mails, messages }, 'mail and contact messages erased after account deletion');
};
