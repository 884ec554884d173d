import type { EntityManager } from '@mikro-orm/core';
import type { Caller, Language } from '@tullab/http';
import type { IdentityContext } from '../../context';
import { currentUser } from './current-user';
import { UserSchema, type User } from './entities';

/**
 * The `language` of an `email.requested` to `user` (issue 12): a student or a merchant (decision 016) is written to
 * in `language`; staff mails stay English, so theirs carry none.
 */
export function mailLanguage(user: Pick<User, 'role'>, language: Language): { language?: Language } {
  return user.role === 'student' || user.role === 'merchant' ? { language } : {};
}

/**
 * PUT /auth/user/language: the signed-in user's language. Only a change is written, in one statement, so the users
 * trigger announces it (decision 005) and the answer waits until the gateways have dropped the session they keep:
 * the next GET /api/auth/user shows the new language.
 */
export async function saveLanguage(
  em: EntityManager,
  ctx: Pick<IdentityContext, 'log'>,
  caller: Caller,
  language: Language,
): Promise<Language> {
  const user = await currentUser(em, caller);
  const changed = await em.nativeUpdate(
    UserSchema,
    { id: user.id, language: { $ne: language } },
    { language, updatedAt: new Date() },
  );
  ctx.log.info({ userId: user.id, language, changed: changed > 0 }, 'language saved');
  return language;
}
