import { serviceEnv } from '@tullab/config';
import type { z } from 'zod';

export const configShape = serviceEnv({ port: 4003, schema: 'offers' });
export type Config = z.infer<z.ZodObject<typeof configShape>>;
