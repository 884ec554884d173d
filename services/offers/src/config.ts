import { serviceEnv } from '@tullab/config';
import { s3Env } from '@tullab/storage';
import { z } from 'zod';

export const configShape = {
  ...serviceEnv({ port: 4003, schema: 'offers' }),
  ...s3Env,
  /** the private bucket for brand logos (offers and merchant applications) */
  LOGO_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .default('tullab-logos'),
  /** the team inbox: staff alerts (new merchant applications, code pools running out) go there */
  SUPPORT_EMAIL: z.email('must be an e-mail address'),
};
export type Config = z.infer<z.ZodObject<typeof configShape>>;
