import { z } from 'zod';

/** At most this many codes on one page of "My codes". */
export const MAX_PER_PAGE = 50;

/** A whole number from 1 to `max`, as a query string carries it (one value, digits only). */
const wholeNumber = (name: string, max: number, fallback: number) =>
  z
    .string(`${name} must be one whole number`)
    .regex(/^\d{1,6}$/, `${name} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${name} must be a whole number from 1 to ${max}`)
    .optional()
    .transform((n) => n ?? fallback);

/**
 * GET /students/me/codes: `page` (from 1, default 1) and `perPage` (1 to 50, default 10). A bad value is a 400 naming
 * its field; other parameters are ignored.
 */
export const myCodesQuery = z.object({
  page: wholeNumber('page', 1_000_000, 1),
  perPage: wholeNumber('perPage', MAX_PER_PAGE, 10),
});
export type MyCodesQuery = z.infer<typeof myCodesQuery>;
