import { z } from 'zod';

export const resolveSessionBody = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(512, 'token is too long'),
});
export type ResolveSessionBody = z.infer<typeof resolveSessionBody>;
