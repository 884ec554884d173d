import type { EntityManager } from '@mikro-orm/core';
import { EmailCodeSchema } from './entities';

/**
 * The student e-mails `userId` proved (T23): a code sent there was entered (its `used_at`). An address that was only
 * typed, only sent a code, or accepted by staff on a document or a manual review is not proved: anyone can type
 * anyone's address. The platform's inbox (`supportEmail`, where staff alerts go) never counts, even if someone proved
 * it. Lower-case, each once.
 */
export async function provedStudentEmails(
  em: EntityManager,
  userId: string,
  supportEmail: string,
): Promise<string[]> {
  const used = await em.find(
    EmailCodeSchema,
    { userId, usedAt: { $ne: null } },
    { fields: ['studentEmail'], orderBy: { createdAt: 'asc' } },
  );
  const platform = supportEmail.toLowerCase();
  const emails = used.map((code) => code.studentEmail.toLowerCase()).filter((email) => email !== platform);
  return [...new Set(emails)];
}
