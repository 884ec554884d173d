import { HttpError, type ListQueryOptions } from '@tullab/http';
import { z } from 'zod';
import { NOT_FOUND } from './records';

const idParams = z.object({ id: z.uuid() });

/** The `:id` of a proposal route; anything but a UUID names no proposal (404, like an unknown one). */
export function proposalIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, NOT_FOUND);
  return parsed.data.id;
}

/** GET /admin/offer-proposals: `filter={"status":["pending"],"brandId":"…","kind":"edit"}`, newest first. */
export const listProposalsOptions: ListQueryOptions = {
  sortable: ['createdAt', 'status', 'kind', 'decidedAt'],
  filterable: { status: 'in', brandId: 'uuid', kind: 'in', offerId: 'uuid' },
  defaultSort: ['createdAt', 'DESC'],
};
