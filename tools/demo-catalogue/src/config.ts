import { configShape as offersShape } from '@tullab/offers/tooling';
import { z } from 'zod';

const {
  LOG_LEVEL,
  DATABASE_URL,
  DB_SCHEMA,
  S3_ENDPOINT,
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  S3_REGION,
  LOGO_BUCKET,
} = offersShape;

/** What the command reads: offers' own variables for its database and logo bucket, nothing more (no secrets). */
export const configShape = {
  LOG_LEVEL,
  DATABASE_URL,
  DB_SCHEMA,
  S3_ENDPOINT,
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  S3_REGION,
  LOGO_BUCKET,
  /** false: the command loads nothing (compose runs it on every `up`; a real deployment turns it off) */
  SEED_DEMO_OFFERS: z.stringbool({ error: 'must be true or false' }).default(true),
};
export type Config = z.infer<z.ZodObject<typeof configShape>>;
