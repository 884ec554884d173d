import { z } from 'zod';

/** POST /students/delete-account: the student confirms with their password (S11 counts a wrong one). */
export const deleteAccountBody = z.object({
  currentPassword: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(1024, 'Current password is incorrect'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** POST /admin/students/:id/delete: an admin deletes an account on the student's request; the reason is audited. */
export const adminDeleteBody = z
  .object({
    reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
  })
  .default({});

/** POST /internal/personal-data (from the gateway): whose data to export (decision 009). */
export const personalDataBody = z.object({
  userId: z.uuid('Not a valid account id'),
});
