import type { ListQueryOptions } from '@tullab/http';
import { statFields } from '@tullab/contracts';

/** GET /admin/offers/:id/stats: `filter={"day_gte":"2026-11-01","day_lte":"2026-11-30"}`, newest day first. */
export const listStatsOptions: ListQueryOptions = {
  sortable: ['day', ...statFields],
  filterable: { day_gte: 'gte', day_lte: 'lte' },
  defaultSort: ['day', 'DESC'],
};
