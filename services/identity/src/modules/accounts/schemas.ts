import { z } from 'zod';

export const accountIdParams = z.object({ id: z.uuid('Not a valid account id') });

/** POST /admin/<students|staff>/:id/<action>: an optional reason, kept in the audit log (S31). */
export const accountActionBody = z
  .object({
    reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
  })
  .default({});
export type AccountActionBody = z.infer<typeof accountActionBody>;
