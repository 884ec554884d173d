import { accounts } from '@tullab/contracts/route-table';
import { requestRoute, routeCall } from '../api/client';
import { clearStoredUser } from './stored-user';

/**
 * SPEC §4 logout: forget the kept user, ask the server to end the session, reload. A failed server call is only
 * logged; the reload happens either way.
 */
export async function logout(): Promise<void> {
  clearStoredUser();
  try {
    await requestRoute(routeCall(accounts.logout));
  } catch (err) {
    console.error('Logout failed', err);
  }
  window.location.reload();
}

/** Expires every cookie this page can see, on this path and on `/`. */
function expireCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (!name) continue;
    for (const path of ['/', window.location.pathname]) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
    }
  }
}

/**
 * SPEC §4 clear-all-auth, for debugging: the kept user and all cookies go, then the page reloads. The session
 * cookie is HttpOnly, out of a script's reach, so the server logout (which clears it) is part of it too.
 */
export async function clearAllAuth(): Promise<void> {
  expireCookies();
  await logout();
}

declare global {
  interface Window {
    /** SPEC §4: the clear-all-auth action, callable from the browser console. */
    clearAllAuth?: () => Promise<void>;
  }
}

/** Puts `clearAllAuth` on `window`; returns the clean-up that takes it off again. */
export function exposeClearAllAuth(): () => void {
  window.clearAllAuth = clearAllAuth;
  return () => {
    delete window.clearAllAuth;
  };
}
