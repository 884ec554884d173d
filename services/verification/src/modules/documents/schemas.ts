import { z } from 'zod';
import { documentTypes } from '../requests/entities';

/** SPEC §5 "Document" texts, verbatim. */
export const documentMessages = {
  type: 'Please select a document type',
  institution: 'Please enter your institution name',
  noFile: 'No file selected',
  invalidType: 'Invalid file type',
  tooLarge: 'File too large',
};

/** SPEC §9: 5MB = 5242880 bytes. */
export const MAX_DOCUMENT_BYTES = 5_242_880;
/** S22 (PC): at most this many documents of one student wait for review at once. */
export const MAX_PENDING_DOCUMENTS = 5;

/** The text fields of `POST /students/verify-document` (multipart). */
export const documentFields = z.object({
  documentType: z.enum(Object.keys(documentTypes) as [keyof typeof documentTypes], {
    error: documentMessages.type,
  }),
  institution: z
    .string({ error: documentMessages.institution })
    .trim()
    .min(1, documentMessages.institution)
    .max(200, 'Institution name must be at most 200 characters'),
});
export type DocumentFields = z.infer<typeof documentFields>;
