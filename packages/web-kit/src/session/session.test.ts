import { stubApi, studentUser } from '../testing/stub-api';
import { exposeClearAllAuth, logout } from './session';
import { readStoredUser, storeUser } from './stored-user';

/** jsdom cannot reload: it reports "Not implemented: navigation", which is how we see that a reload was asked for. */
function watchReload() {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return () =>
    errors.mock.calls.some((args) =>
      String((args[0] as Error | undefined)?.message ?? args[0]).includes('navigation'),
    );
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('logout (SPEC §4)', () => {
  test('forgets the kept user, ends the server session, reloads', async () => {
    const reloaded = watchReload();
    const { sent } = stubApi({ 'POST /api/auth/logout': { status: 204 } });
    storeUser(studentUser());
    await logout();
    expect(readStoredUser()).toBeNull();
    expect(sent('POST /api/auth/logout')).toHaveLength(1);
    expect(reloaded()).toBe(true);
  });

  test('a failed server call is only logged; the user is still logged out and the page reloads', async () => {
    const reloaded = watchReload();
    stubApi({ 'POST /api/auth/logout': 'network-error' });
    storeUser(studentUser());
    await logout();
    expect(readStoredUser()).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Logout failed', expect.objectContaining({ status: 0 }));
    expect(reloaded()).toBe(true);
  });
});

describe('clearAllAuth (SPEC §4 debugging action)', () => {
  test('is exposed on window, and removes the kept user and the cookies', async () => {
    const reloaded = watchReload();
    const { sent } = stubApi({ 'POST /api/auth/logout': { status: 204 } });
    storeUser(studentUser());
    document.cookie = 'theme=dark; path=/';
    const hide = exposeClearAllAuth();
    await window.clearAllAuth?.();
    expect(readStoredUser()).toBeNull();
    expect(document.cookie).not.toContain('theme=dark');
    expect(sent('POST /api/auth/logout')).toHaveLength(1);
    expect(reloaded()).toBe(true);
    hide();
    expect(window.clearAllAuth).toBeUndefined();
  });
});

describe('the kept user', () => {
  test('a value that cannot be parsed is removed and logged as "Failed to parse stored user"', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('tullab_user', '{not json');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem('tullab_user')).toBeNull();
    expect(errors).toHaveBeenCalledWith('Failed to parse stored user', expect.anything());
  });
});
