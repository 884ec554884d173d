import type { User } from '../../app/api';

/** SPEC §4 "Authentication": the user kept in the browser, under the product's short name + '_user'. */
export const STORED_USER_KEY = 'tullab_user';

/** The kept user, or null; a value that cannot be parsed is removed ('Failed to parse stored user', logged). */
export function readStoredUser(): User | null {
  const raw = globalThis.localStorage?.getItem(STORED_USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as User;
    if (user && typeof user === 'object' && typeof user.email === 'string') return user;
    throw new Error('not a user');
  } catch (err) {
    console.error('Failed to parse stored user', err);
    globalThis.localStorage?.removeItem(STORED_USER_KEY);
    return null;
  }
}

export function storeUser(user: User): void {
  globalThis.localStorage?.setItem(STORED_USER_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  globalThis.localStorage?.removeItem(STORED_USER_KEY);
}
