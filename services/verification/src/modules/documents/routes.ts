import { Router, type Request, type Response } from 'express';
import {
  documentFields,
  documentMessages,
  MAX_DOCUMENT_BYTES,
  studentVerification,
  VERIFICATION_RECEIPT_HEADER,
} from '@tullab/contracts';
import { sealVerificationReceipt } from '@tullab/events';
import { bindRoute, languageOf, requestIdOf, receiveSingleFile } from '@tullab/http';
import type { VerificationContext } from '../../context';
import { requireStudent } from '../../http';
import { studentOf } from '../students/service';
import { admitUpload } from './admission';
import { uploadDocument } from './service';

/** The multipart body, read into memory only once `admitUpload` let it in. */
async function receiveDocument(req: Request, res: Response) {
  const { file, fields } = await receiveSingleFile(req, res, {
    field: 'document',
    maxBytes: MAX_DOCUMENT_BYTES,
    tooLarge: documentMessages.tooLarge,
    maxFields: 5,
  });
  return { file, input: documentFields.parse(fields) };
}

/**
 * `POST /students/verify-document` (multipart `{document, documentType, institution}`, SPEC §3): students only, in
 * verification's own words (`requireStudent`). The upload is admitted before its form is read (`admitUpload`).
 */
export function documentRoutes(ctx: VerificationContext): Router {
  const { em } = ctx;
  const router = Router();

  bindRoute(
    router,
    studentVerification.routes.uploadDocument,
    async (_input, req, res) => {
      const student = studentOf(req.identity);
      const release = await admitUpload(em, ctx, student);
      const { request, statusChange } = await receiveDocument(req, res)
        .then(({ file, input }) =>
          uploadDocument(em, ctx, student, input, file, languageOf(req), requestIdOf(req)),
        )
        .finally(release);
      // Read-your-writes (decision 002): the gateway hands the receipt to identity before the client has this answer,
      // so the very next GET /api/auth/user shows `pending`. The answer itself reaches the client unchanged.
      if (statusChange)
        res.set(
          VERIFICATION_RECEIPT_HEADER,
          sealVerificationReceipt(ctx.config.INTERNAL_SECRET, statusChange),
        );
      return {
        message: 'Document uploaded. We will review it within 24 hours and e-mail you once it is approved.',
        verification: {
          id: request.id,
          status: 'pending',
          documentType: request.documentType,
          institution: request.institutionName,
        },
      };
    },
    { guard: requireStudent },
  );

  return router;
}
