import { mailBodiesRetention, contactMessagesRetention } from '@tullab/contracts';
import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { recordSystemAudit } from '@tullab/audit-log';
import type { RetentionBatch, RetentionPolicy } from '@tullab/retention';
import { ContactMessageSchema } from '../contact-messages/entities';
import { EmailSchema } from '../emails/entities';

/**
 * Up to `limit` ids of `table` due by `where` (whose `cutoffs` parameters are each the cutoff), locked for this
 * transaction; rows another run holds are skipped.
 */
async function lockDue(
  tx: EntityManager,
  table: 'email' | 'contact_message',
  where: string,
  order: string,
  batch: RetentionBatch,
  cutoffs = 1,
): Promise<string[]> {
  const due = await rows<{ id: string }>(
    tx,
    `select id from ${table} where ${where} order by ${order}, id limit ? for update skip locked`,
    [...Array<Date>(cutoffs).fill(batch.cutoff), batch.limit],
  );
  return due.map((row) => row.id);
}

/**
 * Mail bodies (issue 11 pt 5, decision 010): `MAIL_BODY_RETENTION_DAYS` after a mail was delivered, or failed for good
 * or expired (counted from that last change, `updated_at`), its body is erased: the values it was made of (`data`),
 * its Reply-To and any sealed value; the recipient, the template (which names the subject), the status, the attempts
 * and the dates stay. A staff retry of a failed mail whose body is gone is refused (409). Only pending mail, which is
 * retried until delivered, keeps its body whatever its age (and the database refuses anything else).
 */
export function mailBodyRetention(days: number): RetentionPolicy {
  return {
    id: 'mail-bodies',
    routes: mailBodiesRetention,
    title: 'Sent e-mail bodies',
    description:
      'What an e-mail said is erased once it was delivered, failed for good or expired; its recipient, subject, status and dates stay. Mail still being sent keeps its body.',
    days,
    since: 'after delivery or failure',
    removeBatch: (em, batch) =>
      em.transactional(async (tx) => {
        const ids = await lockDue(
          tx,
          'email',
          `body_erased_at is null and ((status = 'sent' and sent_at <= ?)
            or (status in ('failed', 'expired') and updated_at <= ?))`,
          'coalesce(sent_at, updated_at)',
          batch,
          2,
        );
        if (!ids.length) return 0;
        await tx.nativeUpdate(
          EmailSchema,
          { id: { $in: ids }, status: { $ne: 'pending' } },
          { data: {}, replyTo: null, sealed: null, bodyErasedAt: batch.now },
        );
        for (const id of ids)
          recordSystemAudit(tx, batch.requestId, {
            action: 'erase-mail-body',
            resource: 'emails',
            resourceId: id,
            reason: batch.reason,
          });
        return ids.length;
      }),
  };
}

/** Contact messages (issue 11 pt 5): deleted `CONTACT_MESSAGE_RETENTION_DAYS` after they were received, handled or not. */
export function contactMessageRetention(days: number): RetentionPolicy {
  return {
    id: 'contact-messages',
    routes: contactMessagesRetention,
    title: 'Contact messages',
    description: 'The message and its sender’s name and address are deleted.',
    days,
    since: 'after it was received',
    removeBatch: (em, batch) =>
      em.transactional(async (tx) => {
        const ids = await lockDue(tx, 'contact_message', 'created_at <= ?', 'created_at', batch);
        if (!ids.length) return 0;
        await tx.nativeDelete(ContactMessageSchema, { id: { $in: ids } });
        for (const id of ids)
          recordSystemAudit(tx, batch.requestId, {
            action: 'delete-contact-message',
            resource: 'contact-messages',
            resourceId: id,
            reason: batch.reason,
          });
        return ids.length;
      }),
  };
}
