import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { recordSystemAudit, type RetentionBatch, type RetentionPolicy } from '@tullab/runtime';
import { ContactMessageSchema } from '../contact-messages/entities';
import { EmailSchema } from '../emails/entities';

/** Up to `limit` ids of `table` due by `where`, locked for this transaction; rows another run holds are skipped. */
async function lockDue(
  tx: EntityManager,
  table: 'email' | 'contact_message',
  where: string,
  order: string,
  batch: RetentionBatch,
): Promise<string[]> {
  const due = await rows<{ id: string }>(
    tx,
    `select id from ${table} where ${where} order by ${order}, id limit ? for update skip locked`,
    [batch.cutoff, batch.limit],
  );
  return due.map((row) => row.id);
}

/**
 * Sent mail (issue 11 pt 5): `MAIL_BODY_RETENTION_DAYS` after delivery the body is erased, the values it was made of
 * (`data`) and its Reply-To; the recipient, the template (which names the subject), the status, the attempts and the
 * dates stay. Only delivered mail: one that is pending, or failed and may be retried by staff, keeps its body until
 * it is delivered (and the database refuses anything else).
 */
export function mailBodyRetention(days: number): RetentionPolicy {
  return {
    id: 'mail-bodies',
    title: 'Sent e-mail bodies',
    description:
      'What a delivered e-mail said is erased; its recipient, subject, status and dates stay. Mail not yet delivered keeps its body.',
    days,
    since: 'after delivery',
    removeBatch: (em, batch) =>
      em.transactional(async (tx) => {
        const ids = await lockDue(
          tx,
          'email',
          `status = 'sent' and body_erased_at is null and sent_at <= ?`,
          'sent_at',
          batch,
        );
        if (!ids.length) return 0;
        await tx.nativeUpdate(
          EmailSchema,
          { id: { $in: ids }, status: 'sent' },
          { data: {}, replyTo: null, bodyErasedAt: batch.now },
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
