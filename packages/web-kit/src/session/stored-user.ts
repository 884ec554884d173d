import type { User } from '../api/client';
import { keptValue } from './local-data';

/** SPEC §4 "Authentication": the user kept in the browser, under the product's short name + '_user'. */
export const STORED_USER_KEY = 'tullab_user';

/**
 * Only `email` is checked (SPEC §3: the server's user objects have "at least email"); the rest is kept as it came.
 * A plain check rather than zod: this runs on every page, and zod belongs to the form pages' lazy code.
 */
function asStoredUser(value: unknown): User {
  if (value && typeof value === 'object' && typeof (value as User).email === 'string') return value as User;
  throw new Error('not a user');
}

const storedUser = keptValue(STORED_USER_KEY, 'stored user', asStoredUser);

/** The kept user, or null; a value that cannot be parsed is removed ('Failed to parse stored user', logged). */
export const readStoredUser = (): User | null => storedUser.read();

export const storeUser = (user: User): void => storedUser.write(user);

export const clearStoredUser = (): void => storedUser.clear();
