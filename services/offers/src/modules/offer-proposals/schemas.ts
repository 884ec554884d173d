import { HttpError } from '@tullab/http';
import { z } from 'zod';
import { NOT_FOUND } from './records';

const idParams = z.object({ id: z.uuid() });

/** The `:id` of a proposal route; anything but a UUID names no proposal (404, like an unknown one). */
export function proposalIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, NOT_FOUND);
  return parsed.data.id;
}
