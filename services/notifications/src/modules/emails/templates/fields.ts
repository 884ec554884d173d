import { z } from 'zod';

/**
 * The sealed values several templates share. The data fields (names, labels, notes) are the contracts'
 * (`emailTemplateData` in @tullab/contracts), checked the same way by the producers and here.
 */

/** A one-time code (SECURITY S13); only ever in the sealed values, never in `data`. */
export const sixDigitCode = z.string().regex(/^\d{6}$/, 'must be 6 digits');
