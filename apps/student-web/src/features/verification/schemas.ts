import { z } from 'zod';
import { emailText } from '../../components/forms/rules';

export const messages = {
  studentEmail: 'Please enter a valid student email address',
  documentType: 'Please select a document type',
  institution: 'Please enter your institution name',
  noFile: 'No file selected',
  fileType: 'Invalid file type',
  fileSize: 'File too large',
} as const;

export const studentEmailForm = z.object({ studentEmail: emailText(messages.studentEmail) });
export type StudentEmailForm = z.infer<typeof studentEmailForm>;

/** SPEC §3 document types, with the names students know them by. */
export const DOCUMENT_TYPES = [
  { value: 'student_id', label: 'Student ID Card' },
  { value: 'enrollment_letter', label: 'Enrollment Letter' },
  { value: 'passport', label: 'Passport' },
  { value: 'emirates_id', label: 'Emirates ID' },
  { value: 'transcript', label: 'Academic Transcript' },
] as const;
type DocumentType = (typeof DOCUMENT_TYPES)[number]['value'];
const documentTypeValues = DOCUMENT_TYPES.map((t) => t.value) as [DocumentType, ...DocumentType[]];

/** SPEC §9: at most 5MB, as jpeg, jpg, png, webp or pdf. */
export const MAX_UPLOAD_BYTES = 5_242_880;
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
  documentType: z.enum(documentTypeValues, { error: messages.documentType }),
  institution: z.string({ error: messages.institution }).trim().min(1, messages.institution),
  document: z
    .instanceof(File, { error: messages.noFile })
    .refine(isAcceptedFile, messages.fileType)
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, messages.fileSize),
});
export type DocumentForm = z.infer<typeof documentForm>;
