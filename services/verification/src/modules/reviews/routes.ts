import { pipeline } from 'node:stream';
import { Router } from 'express';
import { verificationAdmin, verificationAuditLog } from '@tullab/contracts';
import { bindRoute, HttpError, requestIdOf, SENT } from '@tullab/http';
import { auditLogRoutes } from '@tullab/audit-log';
import { fileKinds, StorageUnavailableError, type FileKind } from '@tullab/storage';
import type { VerificationContext } from '../../context';
import { storageUnavailable } from '../documents/service';
import { VerificationRequestSchema } from '../requests/entities';
import { decide, listVerifications, openDocument, reviewSummary, toRecord } from './service';

const { routes } = verificationAdmin;

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

  bindRoute(router, routes.verifications, ({ list }) => listVerifications(em, list));

  bindRoute(router, routes.verificationSummary, () => reviewSummary(em));

  bindRoute(router, routes.verification, async ({ params }) => {
    const request = await em.findOne(VerificationRequestSchema, { id: params.id });
    if (!request) throw new HttpError(404, 'Verification not found');
    return toRecord(request);
  });

  // the answer type is written out: an async handler's `return SENT` alone would widen to `symbol`
  bindRoute(
    router,
    routes.verificationDocument,
    async ({ params: { id } }, req, res): Promise<typeof SENT> => {
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
      return SENT;
    },
  );

  bindRoute(router, routes.approveVerification, ({ params, body }, req) =>
    decide(em, ctx, params.id, 'approve', body, req.identity, requestIdOf(req)),
  );

  bindRoute(router, routes.rejectVerification, ({ params, body }, req) =>
    decide(em, ctx, params.id, 'reject', body, req.identity, requestIdOf(req)),
  );

  router.use(auditLogRoutes(em, verificationAuditLog));
  return router;
}
