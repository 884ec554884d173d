import { serviceEnv } from '@tullab/config';
import { s3Env } from '@tullab/storage';
import { z } from 'zod';

/** Verification's environment: the shared service variables, object storage, and the verification rules. */
export const configShape = {
  ...serviceEnv({ port: 4002, schema: 'verification' }),
  ...s3Env,
  /** the private bucket of student documents (S23) */
  DOCUMENT_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .default('tullab-documents'),
  /** the staff inbox that hears about documents waiting for review */
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }),
  /** how long a verification lasts after it is granted */
  VERIFICATION_VALID_MONTHS: z.coerce.number().int().min(1).max(60).default(12),
  /**
   * a fixed last day instead (e.g. the end of the academic year, `2027-08-31`); used for verifications granted
   * before it, the month rule for later ones
   */
  VERIFICATION_EXPIRES_ON: z.iso.date('must be a date such as 2027-08-31').optional(),
  /** how many days after the staff decision a document's file is deleted from the bucket (0: at the next run) */
  DOCUMENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /**
   * how old a file in the documents bucket that no request points at (an upload cut off between the file and its row)
   * must be before it is deleted; at least 5, far longer than an upload takes, so a file still being recorded stays
   */
  ORPHAN_FILE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  /** how often the retention policies run */
  RETENTION_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 60_000),
  /** how often the expiry and reminder sweep runs */
  VERIFICATION_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 60_000),
};
export type Config = z.infer<z.ZodObject<typeof configShape>>;
