import { z } from 'zod';

/** SPEC §3 "Document upload" types, with the label people read. */
export const documentTypes = {
  student_id: 'Student ID',
  enrollment_letter: 'Enrollment letter',
  passport: 'Passport',
  emirates_id: 'Emirates ID',
  transcript: 'Transcript',
} as const;
export type DocumentType = keyof typeof documentTypes;

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

/** The text fields of `POST /students/verify-document` (multipart). */
export const documentFields = z.object({
  documentType: z.enum(Object.keys(documentTypes) as [DocumentType], {
    error: documentMessages.type,
  }),
  institution: z
    .string({ error: documentMessages.institution })
    .trim()
    .min(1, documentMessages.institution)
    .max(200, 'Institution name must be at most 200 characters'),
});
export type DocumentFields = z.infer<typeof documentFields>;
