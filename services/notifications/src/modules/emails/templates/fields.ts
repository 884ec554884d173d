import { z } from 'zod';
import { oneLine } from './layout';

/** The data fields several templates share, checked the same way everywhere. All values are untrusted text. */

/** The recipient's first name; without one the greeting is "Hello,". */
export const optionalFirstName = z.string().max(100).optional();

/**
 * A short value shown inside a sentence or a subject (a name, a brand, a document type, a date): made one line
 * when checked, so no value can break a subject or a sentence apart.
 */
export const label = z.string().transform(oneLine).pipe(z.string().min(1).max(200));

/** Longer free text shown as written, line breaks kept (a reviewer's reason, an alert's message). */
export const note = z.string().trim().min(1).max(5000);

/** A one-time code (SECURITY S13); only ever in the sealed values, never in `data`. */
export const sixDigitCode = z.string().regex(/^\d{6}$/, 'must be 6 digits');
