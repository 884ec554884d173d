import { HttpError } from '@tullab/http';
import { z } from 'zod';

const idParams = z.object({ id: z.uuid() });

/** The `:id` of an offer route; anything but a UUID names no offer (404, like an unknown one). */
export function offerIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Offer not found');
  return parsed.data.id;
}
