import type { ListQueryOptions } from '@tullab/http';

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
