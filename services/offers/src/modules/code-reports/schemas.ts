import { HttpError } from '@tullab/http';
import { z } from 'zod';

const idParams = z.object({ id: z.uuid() });

export function reportIdOf(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Report not found');
  return parsed.data.id;
}
