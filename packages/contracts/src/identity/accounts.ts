import { z } from 'zod';

export const accountIdParams = z.object({ id: z.uuid('Not a valid account id') });

/** POST /admin/<students|staff>/:id/<action>: an optional reason, kept in the audit log (S31). */
export const accountActionBody = z
  .object({
    reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
  })
  .default({});
export type AccountActionBody = z.infer<typeof accountActionBody>;

/** A student as the console shows them (`/admin/students`). */
export interface StudentRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** the effective status (decision 002): an active verification past its expiry is `expired` */
  verificationStatus: string;
  studentEmail: string | null;
  verifiedAt: string | null;
  verificationExpiresAt: string | null;
  disabled: boolean;
  /** when the account was deleted (decision 009); its personal fields are then empty */
  deletedAt: string | null;
  createdAt: string;
  /** the latest activity of any of their sessions; null when they have none */
  lastSeenAt: string | null;
}
