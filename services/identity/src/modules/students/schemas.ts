import type { ListQueryOptions } from '@tullab/http';

/**
 * GET /admin/students: `filter={"q":"layla","verificationStatus":["pending","active"],"disabled":false,
 * "createdAt_gte":"2026-11-01"}` (the status is the effective one: an active verification past its expiry is
 * `expired`), sorted by createdAt, email or lastName.
 */
export const listStudentsOptions: ListQueryOptions = {
  sortable: ['createdAt', 'email', 'lastName'],
  filterable: {
    verificationStatus: 'in',
    disabled: 'bool',
    createdAt_gte: 'gte',
    createdAt_lte: 'lte',
  },
  defaultSort: ['createdAt', 'DESC'],
  search: ['firstName', 'lastName', 'email', 'studentEmail'],
};
