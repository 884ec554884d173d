import type { EntityManager } from '@mikro-orm/core';
import { Router } from 'express';
import { requireUser } from '@tullab/http';
import { receiveSingleFile } from '@tullab/storage';
import type { VerificationContext } from '../../context';
import { studentOf } from '../students/service';
import { documentFields, documentMessages, MAX_DOCUMENT_BYTES } from './schemas';
import { uploadDocument } from './service';

/** `POST /students/verify-document` (multipart `{document, documentType, institution}`, SPEC §3). */
export function documentRoutes(em: EntityManager, ctx: VerificationContext): Router {
  const router = Router();

  router.post('/students/verify-document', requireUser, async (req, res) => {
    const student = studentOf(req.identity);
    const { file, fields } = await receiveSingleFile(req, res, {
      field: 'document',
      maxBytes: MAX_DOCUMENT_BYTES,
      tooLarge: documentMessages.tooLarge,
      maxFields: 5,
    });
    const input = documentFields.parse(fields);
    const request = await uploadDocument(em, ctx, student, input, file, req.get('x-request-id') ?? null);
    res.status(201).json({
      message: 'Document uploaded. We will review it within 24 hours and e-mail you once it is approved.',
      verification: { id: request.id, status: 'pending', documentType: request.documentType },
    });
  });

  return router;
}
