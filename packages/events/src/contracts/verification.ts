import { z } from 'zod';

export const verificationStatuses = [
  'none',
  'pending',
  'unrecognized_domain',
  'active',
  'rejected',
  'expired',
] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const statusChangedPayload = z.object({
  userId: z.uuid(),
  status: z.enum(verificationStatuses),
  /** when this status was decided; identity ignores an event older than what it already holds */
  changedAt: z.iso.datetime(),
  studentEmail: z.email().optional(),
  reason: z.string().max(1000).optional(),
});
export type StatusChangedPayload = z.infer<typeof statusChangedPayload>;
