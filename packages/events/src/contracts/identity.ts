import { z } from 'zod';

/**
 * A student's account was deleted (UAE PDPL erasure, docs/decisions/009). Identity has already anonymised the user
 * and ended every session in the transaction that stored this event; each consumer erases or anonymises what it holds
 * about the person and audits its step with the same actor. No name or phone travels: only the id and the addresses
 * other services know the person by (their own e-mail, and the student e-mail identity knew), so a consumer can find
 * mail and messages that carry no user id.
 */
export const accountDeletedPayload = z.object({
  userId: z.uuid(),
  /** every address identity held for the person, lower-case: their own e-mail first */
  emails: z.array(z.email()).min(1).max(10),
  deletedAt: z.iso.datetime(),
  /** who deleted it: the student themself (confirmed with their password) or an admin on request */
  actor: z.object({ userId: z.uuid(), role: z.enum(['student', 'staff', 'admin']) }),
});
export type AccountDeletedPayload = z.infer<typeof accountDeletedPayload>;
