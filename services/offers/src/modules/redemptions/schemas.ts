import type { ListQueryOptions } from '@tullab/http';
import { z } from 'zod';

/** POST /admin/offers/:id/codes: the CSV file's text, as JSON (the gateway takes no text/csv). */
export const importCodesBody = z.object({
  csv: z.string('Please send the codes as CSV text').max(500_000, 'The file is too large'),
});

/** GET /admin/redemptions: `filter={"userId":"…"}` or `{"offerId":"…"}`, newest first. */
export const listRedemptionsOptions: ListQueryOptions = {
  sortable: ['createdAt'],
  filterable: { userId: 'uuid', offerId: 'uuid', createdAt_gte: 'gte', createdAt_lte: 'lte' },
  defaultSort: ['createdAt', 'DESC'],
};
