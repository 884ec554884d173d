import type { Language } from '@tullab/http';
import type { User } from './entities';

/**
 * The `language` of an `email.requested` to `user` (issue 12): a student is written to in `language`; staff mails
 * stay English, so theirs carry none.
 */
export function mailLanguage(user: Pick<User, 'role'>, language: Language): { language?: Language } {
  return user.role === 'student' ? { language } : {};
}
