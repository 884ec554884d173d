import type { ListQueryOptions } from '@tullab/http';
import { z } from 'zod';

/**
 * GET /admin/verifications: `filter={"status":["pending"],"method":"document","institutionName":"sharjah",
 * "createdAt_gte":"2026-11-01","userId":"…","q":"…"}`, sorted by any listed field.
 */
export const listVerificationsOptions: ListQueryOptions = {
  sortable: ['createdAt', 'status', 'method', 'decidedAt', 'institutionName'],
  filterable: {
    status: 'in',
    method: 'eq',
    institutionName: 'ilike',
    domainRecognised: 'bool',
    userId: 'uuid',
    createdAt_gte: 'gte',
    createdAt_lte: 'lte',
  },
  defaultSort: ['createdAt', 'DESC'],
  search: ['studentEmail', 'personalEmail', 'firstName', 'institutionName'],
};

export const verificationIdParams = z.object({ id: z.uuid('Not a valid verification id') });

/** POST /admin/verifications/:id/approve; for an unrecognised e-mail, optionally teach the institution its domain. */
export const approveBody = z
  .object({
    addDomainToInstitutionId: z.uuid('Please choose an institution').nullish(),
  })
  .default({});
export type ApproveBody = z.infer<typeof approveBody>;

/** POST /admin/verifications/:id/reject: the reason is e-mailed to the student. */
export const rejectBody = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason')
    .max(1000, 'The reason must be at most 1000 characters'),
});
export type RejectBody = z.infer<typeof rejectBody>;
