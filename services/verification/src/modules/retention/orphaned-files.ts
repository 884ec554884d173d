import { orphanedFilesRetention } from '@tullab/contracts';
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { lockName } from '@tullab/db';
import { recordSystemAudit } from '@tullab/audit-log';
import { RetentionBatchError, type RetentionBatch, type RetentionPolicy } from '@tullab/retention';
import type { StoredObject } from '@tullab/storage';
import type { VerificationContext } from '../../context';
import { VerificationRequestSchema } from '../requests/entities';

/** Where uploads put documents (`docs/<uuid>`, see uploadDocument). */
export const DOCUMENT_PREFIX = 'docs/';
/** Keys read per listing call, and looked up in one query. */
const PAGE = 1000;
/** Held for the batch: two runs at once (a scheduled one and "Run now") never delete or audit a file twice. */
const LOCK = 'verification:retention:orphaned-files';
const OWN_KEY = /^docs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The audit row's resource id: the uuid of a `docs/<uuid>` key, or for any other key a uuid made from it. */
export function fileResourceId(key: string): string {
  const own = OWN_KEY.exec(key);
  if (own) return own[1].toLowerCase();
  const hex = createHash('sha256').update(`document-file:${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const parts = [hex.slice(0, 8), hex.slice(8, 12), `5${hex.slice(13, 16)}`, variant + hex.slice(17, 20)];
  return [...parts, hex.slice(20, 32)].join('-');
}

/**
 * Files no request points at (issue 11: a process killed between storing a document and writing its row, or a failed
 * upload whose clean-up failed too). An upload writes the object first and the row right after, so only an object
 * older than `ORPHAN_FILE_MINUTES` (60, at least 5) that no `verification_request.document_key` names is deleted: a
 * file whose upload is still in flight is seconds old. A row whose file the document policy deleted still names its
 * key, which is harmless: the sweep starts from the objects, and that key has none.
 */
export function orphanedFileRetention(ctx: VerificationContext): RetentionPolicy {
  return {
    id: 'orphaned-files',
    routes: orphanedFilesRetention,
    title: 'Orphaned document files',
    description:
      'A file in the documents bucket that no verification points at (an upload cut off before it was recorded) ' +
      'is deleted; an upload still in progress is never that old.',
    days: 0,
    minutes: ctx.config.ORPHAN_FILE_MINUTES,
    since: 'after it was stored',
    removeBatch: async (em, batch) => {
      const outcome = await em.transactional((tx) => removeOrphans(tx, ctx, batch));
      if (outcome.failure) throw new RetentionBatchError(outcome.removed, outcome.failure);
      return outcome.removed;
    },
  };
}

/** The keys of `objects` that a request names (any request, whatever its status or whether its file is deleted). */
async function namedKeys(tx: EntityManager, objects: StoredObject[]): Promise<Set<string>> {
  if (!objects.length) return new Set();
  const rows = await tx.find(
    VerificationRequestSchema,
    { documentKey: { $in: objects.map((object) => object.key) } },
    { fields: ['documentKey'] },
  );
  return new Set(rows.map((row) => row.documentKey as string));
}

/**
 * One batch, under a lock that a concurrent run waits for: walks `docs/` page by page from the first key, keeping the
 * objects stored at or before the cutoff that no row names, until it holds `limit` of them or the listing ends; then
 * deletes each and adds its audit row (the system's). Deleted objects leave the listing, so the next batch finds the
 * next ones. If the store fails mid-way, the audit rows of the files already deleted are still committed (a deletion
 * cannot be undone) and the batch reports them with the error.
 */
async function removeOrphans(
  tx: EntityManager,
  ctx: VerificationContext,
  batch: RetentionBatch,
): Promise<{ removed: number; failure: Error | null }> {
  await lockName(tx, LOCK);
  const due: StoredObject[] = [];
  let startAfter: string | undefined;
  do {
    const page = await ctx.documents.listPage(DOCUMENT_PREFIX, { startAfter, max: PAGE });
    const old = page.objects.filter((object) => object.lastModified <= batch.cutoff);
    const named = await namedKeys(tx, old);
    due.push(...old.filter((object) => !named.has(object.key)));
    startAfter = page.next ?? undefined;
  } while (startAfter && due.length < batch.limit);

  let removed = 0;
  for (const object of due.slice(0, batch.limit)) {
    try {
      await ctx.documents.remove(object.key);
    } catch (err) {
      return { removed, failure: err as Error };
    }
    removed += 1;
    recordSystemAudit(tx, batch.requestId, {
      action: 'delete-orphaned-file',
      resource: 'document-files',
      resourceId: fileResourceId(object.key),
      reason: batch.reason,
      changes: { documentKey: { from: object.key, to: null } },
    });
  }
  return { removed, failure: null };
}
