import { documentsRetention } from '@tullab/contracts';
import type { EntityManager } from '@mikro-orm/core';
import { rows } from '@tullab/db';
import { recordSystemAudit } from '@tullab/audit-log';
import type { RetentionBatch, RetentionPolicy } from '@tullab/retention';
import type { VerificationContext } from '../../context';
import { VerificationRequestSchema } from '../requests/entities';
import { RESOURCE } from '../reviews/service';

/** Decided requests: approved, rejected, or settled by another approval (cancelled, decided when it changed). */
const DECIDED = ['approved', 'rejected', 'cancelled'];

interface DueDocument {
  id: string;
  user_id: string;
  document_key: string;
}

/**
 * Student documents (issue 11 pt 5): `DOCUMENT_RETENTION_DAYS` after the decision the file is deleted from the
 * bucket; the request, its decision and its audit rows stay, and the request records when its file went. Each batch
 * locks its rows (skipping those another run holds), deletes their objects, marks them and writes one audit row per
 * file in one transaction; if the store fails, nothing of the batch is marked and the next run deletes them again
 * (deleting a missing object succeeds).
 */
export function documentRetention(ctx: VerificationContext): RetentionPolicy {
  return {
    id: 'documents',
    routes: documentsRetention,
    title: 'Student documents',
    description:
      'The uploaded file is deleted from object storage; the verification, its decision and the audit log stay.',
    days: ctx.config.DOCUMENT_RETENTION_DAYS,
    since: 'after the decision',
    removeBatch: (em, batch) => em.transactional((tx) => removeDocuments(tx, ctx, batch)),
  };
}

async function removeDocuments(
  tx: EntityManager,
  ctx: VerificationContext,
  batch: RetentionBatch,
): Promise<number> {
  const due = await rows<DueDocument>(
    tx,
    `select id, user_id, document_key from verification_request
      where document_key is not null and document_deleted_at is null
        and status in (?, ?, ?) and coalesce(decided_at, updated_at) <= ?
      order by coalesce(decided_at, updated_at), id
      limit ? for update skip locked`,
    [...DECIDED, batch.cutoff, batch.limit],
  );
  if (!due.length) return 0;
  for (const row of due) await ctx.documents.remove(row.document_key);
  await tx.nativeUpdate(
    VerificationRequestSchema,
    { id: { $in: due.map((row) => row.id) } },
    { documentDeletedAt: batch.now },
  );
  for (const row of due)
    recordSystemAudit(tx, batch.requestId, {
      action: 'delete-document-file',
      resource: RESOURCE,
      resourceId: row.id,
      subjectId: row.user_id,
      reason: batch.reason,
    });
  return due.length;
}
