import { z } from 'zod';

/** POST /admin/offers/:id/codes: the CSV file's text, as JSON (the gateway takes no text/csv). */
export const importCodesBody = z.object({
  csv: z.string('Please send the codes as CSV text').max(500_000, 'The file is too large'),
});

/** `POST /admin/offers/:id/codes`: what an import added and the pool after it. */
export interface CodeImportAnswer {
  added: number;
  /** codes of the file the pool already held */
  duplicates: number;
  codesTotal: number;
  codesLeft: number;
  lowPool: boolean;
}
