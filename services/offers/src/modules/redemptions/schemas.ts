import type { ListQueryOptions } from '@tullab/http';

/** GET /admin/redemptions: `filter={"userId":"…"}` or `{"offerId":"…"}`, newest first. */
export const listRedemptionsOptions: ListQueryOptions = {
  sortable: ['createdAt'],
  filterable: { userId: 'uuid', offerId: 'uuid', createdAt_gte: 'gte', createdAt_lte: 'lte' },
  defaultSort: ['createdAt', 'DESC'],
};
