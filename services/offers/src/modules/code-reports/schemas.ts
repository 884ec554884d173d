import type { ListQueryOptions } from '@tullab/http';
import { HttpError } from '@tullab/http';
import { z } from 'zod';

const idParams = z.object({ id: z.uuid() });

export function reportIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Report not found');
  return parsed.data.id;
}

/** GET /admin/code-reports: `filter={"status":["open"],"offerId":"…","reason":"other"}`, newest first. */
export const listReportsOptions: ListQueryOptions = {
  sortable: ['createdAt', 'status', 'reason', 'decidedAt'],
  filterable: {
    status: 'in',
    offerId: 'uuid',
    reason: 'in',
    outcome: 'in',
    userId: 'uuid',
    createdAt_gte: 'gte',
    createdAt_lte: 'lte',
  },
  defaultSort: ['createdAt', 'DESC'],
};
