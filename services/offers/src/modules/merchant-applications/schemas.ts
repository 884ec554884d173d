import type { ListQueryOptions } from '@tullab/http';

/** GET /admin/merchant-applications: `filter={"status":["pending"],"q":"…"}`, newest first. */
export const listApplicationsOptions: ListQueryOptions = {
  sortable: ['createdAt', 'brandName', 'status', 'decidedAt'],
  filterable: { status: 'in', brandCategory: 'eq', offerType: 'eq' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['brandName', 'contactName', 'contactEmail'],
};
