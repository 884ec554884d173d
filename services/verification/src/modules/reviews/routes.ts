import { verificationAuditLog } from '@tullab/contracts';
import { pipeline } from 'node:stream';
import { Router } from 'express';
import {
  approveVerificationBody as approveBody,
  rejectVerificationBody as rejectBody,
  verificationIdParams,
} from '@tullab/contracts';
import { HttpError, parseListQuery, requireRole, sendList, requestIdOf } from '@tullab/http';
import { auditLogRoutes } from '@tullab/audit-log';
import { fileKinds, StorageUnavailableError, type FileKind } from '@tullab/storage';
import type { VerificationContext } from '../../context';
import { storageUnavailable } from '../documents/service';
import { VerificationRequestSchema } from '../requests/entities';
import { listVerificationsOptions } from './schemas';
import { decide, listVerifications, openDocument, RESOURCE, reviewSummary, toRecord } from './service';

/** S24: a document is a download, never rendered or cached, and cannot run anything even if it tried. */
function documentHeaders(id: string, kind: FileKind): Record<string, string> {
  return {
    'Content-Type': fileKinds[kind].mime,
    'Content-Disposition': `attachment; filename="doc-${id}.${fileKinds[kind].extensions[0]}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': 'no-store',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** The staff review API (`/api/admin/verifications`, `/api/admin/audit-log`), ra-data-simple-rest dialect. */
export function reviewRoutes(ctx: VerificationContext): Router {
  const { em } = ctx;
  const router = Router();
  router.use('/admin/verifications', requireRole('staff', 'admin'));

  router.get('/admin/verifications', async (req, res) => {
    const query = parseListQuery(req.query, listVerificationsOptions);
    const { items, total } = await listVerifications(em, query);
    sendList(res, RESOURCE, items, total, query.offset);
  });

  router.get('/admin/verifications/summary', async (_req, res) => {
    res.json(await reviewSummary(em));
  });

  router.get('/admin/verifications/:id', async (req, res) => {
    const { id } = verificationIdParams.parse(req.params);
    const request = await em.findOne(VerificationRequestSchema, { id });
    if (!request) throw new HttpError(404, 'Verification not found');
    res.json(toRecord(request));
  });

  router.get('/admin/verifications/:id/document', async (req, res) => {
    const { id } = verificationIdParams.parse(req.params);
    const { request, stream } = await openDocument(em, ctx, id, req.identity, requestIdOf(req)).catch(
      (err: unknown) => {
        if (err instanceof StorageUnavailableError) throw storageUnavailable();
        throw err;
      },
    );
    if (!stream) throw new HttpError(404, 'The document file is missing');
    res.set(documentHeaders(request.id, request.documentKind as FileKind));
    if (request.documentSize) res.set('Content-Length', String(request.documentSize));
    pipeline(stream, res, (err) => {
      if (err) ctx.log.warn({ verificationId: id, err: err.message }, 'document stream cut');
    });
  });

  router.post('/admin/verifications/:id/approve', async (req, res) => {
    const { id } = verificationIdParams.parse(req.params);
    const body = approveBody.parse(req.body ?? {});
    res.json(await decide(em, ctx, id, 'approve', body, req.identity, requestIdOf(req)));
  });

  router.post('/admin/verifications/:id/reject', async (req, res) => {
    const { id } = verificationIdParams.parse(req.params);
    const body = rejectBody.parse(req.body);
    res.json(await decide(em, ctx, id, 'reject', body, req.identity, requestIdOf(req)));
  });

  router.use(auditLogRoutes(em, verificationAuditLog));
  return router;
}
