import { z } from 'zod';

const CODE_MESSAGE = 'Please enter the 6-digit code from your authenticator app';

/** The current code of the authenticator app (spaces, as some apps show them, are dropped). */
export const totpCodeField = z
  .string({ error: CODE_MESSAGE })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** POST /auth/mfa/verify. */
export const verifyMfaBody = z.object({ code: totpCodeField });
export type VerifyMfaBody = z.infer<typeof verifyMfaBody>;
