import { z } from 'zod';

export const verificationReceiptBody = z.object({
  receipt: z
    .string({ error: 'receipt is required' })
    .min(1, 'receipt is required')
    .max(4096, 'receipt is too long'),
});
export type VerificationReceiptBody = z.infer<typeof verificationReceiptBody>;
