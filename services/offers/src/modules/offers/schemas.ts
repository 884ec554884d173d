import { HttpError, type ListQueryOptions } from '@tullab/http';
import { z } from 'zod';

const idParams = z.object({ id: z.uuid() });

/** The `:id` of an offer route; anything but a UUID names no offer (404, like an unknown one). */
export function offerIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Offer not found');
  return parsed.data.id;
}

/** GET /admin/offers: `filter={"q":"…","status":["live"],"businessCategory":"fashion"}`. */
export const listOffersOptions: ListQueryOptions = {
  sortable: [
    'title',
    'brandName',
    'status',
    'businessCategory',
    'currentUses',
    'expiresAt',
    'createdAt',
    'updatedAt',
  ],
  filterable: { status: 'in', businessCategory: 'eq', offerType: 'eq' },
  defaultSort: ['createdAt', 'DESC'],
  search: ['title', 'brandName', 'businessName'],
};
