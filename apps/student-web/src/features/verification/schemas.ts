import { documentTypes, MAX_DOCUMENT_BYTES, type DocumentType } from '@tullab/contracts';
import { z } from 'zod';
import { emailText } from '@tullab/web-kit/forms/rules';

/** The verification forms' messages, as catalogue keys (validateWith shows them in the page's language). */
export const messages = {
  studentEmail: 'verification:errors.studentEmail',
  documentType: 'verification:errors.documentType',
  institution: 'verification:errors.institution',
  noFile: 'verification:errors.noFile',
  fileType: 'verification:errors.fileType',
  fileSize: 'verification:errors.fileSize',
} as const;

export const studentEmailForm = z.object({ studentEmail: emailText(messages.studentEmail) });
export type StudentEmailForm = z.infer<typeof studentEmailForm>;

/**
 * SPEC §3 document types, in the order offered; the names students know them by are in the `verification` catalogue
 * (`document.types.<type>`).
 */
export const DOCUMENT_TYPES = Object.keys(documentTypes) as [DocumentType, ...DocumentType[]];
export type { DocumentType };

/** SPEC §9: at most 5MB, as jpeg, jpg, png, webp or pdf. */
export const MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES;
export const ACCEPTED_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp', 'pdf'] as const;
const ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

/** By extension, and by the browser's type when it knows one (the server checks the content itself). */
export function isAcceptedFile(file: File): boolean {
  const extension = file.name.includes('.')
    ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()
    : '';
  const typeOk = !file.type || ACCEPTED_MIME_TYPES.includes(file.type);
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension) && typeOk;
}

export const documentForm = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: messages.documentType }),
  institution: z.string({ error: messages.institution }).trim().min(1, messages.institution),
  document: z
    .instanceof(File, { error: messages.noFile })
    .refine(isAcceptedFile, messages.fileType)
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, messages.fileSize),
});
export type DocumentForm = z.infer<typeof documentForm>;
