import { z } from 'zod';

/**
 * A student's account was deleted (UAE PDPL erasure, docs/decisions/009). Identity has already anonymised the user
 * and ended every session in the transaction that stored this event; each consumer erases or anonymises what it holds
 * about the person and audits its step with the same actor. No name or phone travels: only the id and the account's
 * e-mail if the person proved it (T23), so notifications can find mail and messages to it that carry no user id. An
 * address typed but never proved is not named: anyone can type anyone's address, and erasing by it would erase
 * someone else's mail.
 */
export const accountDeletedPayload = z.object({
  userId: z.uuid(),
  /**
   * the addresses the person proved (a code or link sent there was used), lower-case: the account's e-mail once proved,
   * else none. Events written before T23 named every address identity held.
   */
  emails: z.array(z.email()).max(10),
  deletedAt: z.iso.datetime(),
  /** who deleted it: the student themself (confirmed with their password) or an admin on request */
  actor: z.object({ userId: z.uuid(), role: z.enum(['student', 'staff', 'admin']) }),
});
export type AccountDeletedPayload = z.infer<typeof accountDeletedPayload>;
