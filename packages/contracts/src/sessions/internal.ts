import { z } from 'zod';
import { userRoles } from '../identity/auth.js';

/** POST /internal/sessions/resolve (`identityInternal.routes.resolveSession`, from the gateway): the `sid` cookie. */
export const resolveSessionBody = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(512, 'token is too long'),
});
export type ResolveSessionBody = z.infer<typeof resolveSessionBody>;

/**
 * Identity's answer: the caller (`email` and `firstName` travel on in the identity header, decision 002), the user as
 * GET /auth/user shows it, and until when the gateway may keep it (epoch ms; 0: not at all).
 */
export const resolvedSessionAnswer = z.object({
  userId: z.string().min(1),
  role: z.enum(userRoles),
  verificationStatus: z.string(),
  sessionId: z.string().min(1),
  email: z.string().optional(),
  firstName: z.string().optional(),
  /** a merchant's brand (decision 016) */
  brandId: z.string().optional(),
  user: z.object({ id: z.string() }).passthrough(),
  cacheUntil: z.number(),
});
export type ResolvedSessionAnswer = z.infer<typeof resolvedSessionAnswer>;

/** POST /internal/verification-receipts: verification's signed receipt of a decision. */
export const verificationReceiptBody = z.object({
  receipt: z
    .string({ error: 'receipt is required' })
    .min(1, 'receipt is required')
    .max(4096, 'receipt is too long'),
});
export type VerificationReceiptBody = z.infer<typeof verificationReceiptBody>;
