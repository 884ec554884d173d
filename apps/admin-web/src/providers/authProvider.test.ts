import type { AuthProvider } from 'react-admin';
import { createAuthProvider, STAFF_ONLY_MESSAGE, type ApiUser } from './authProvider';

type Route = (init: RequestInit | undefined) => { status: number; body?: unknown };

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const user = (role: string, extra: Partial<ApiUser> = {}): ApiUser => ({
  id: `u-${role}`,
  email: `${role}@tullab.test`,
  firstName: 'Mariam',
  lastName: 'Haddad',
  role,
  ...extra,
});

/** Stubs the browser's fetch with one handler per `/api/auth/*` path and records every call. */
function stubFetch(routes: Record<string, Route>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const route = routes[url];
    if (!route) return json(404, { message: 'Not found' });
    const { status, body } = route(init);
    return json(status, body);
  });
}

const calledPaths = (spy: jest.SpyInstance) =>
  spy.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('authProvider', () => {
  let auth: AuthProvider;
  beforeEach(() => {
    auth = createAuthProvider();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('login', () => {
    test('sends the e-mail and password as JSON with the session cookie', async () => {
      const spy = stubFetch({ '/api/auth/login': () => ({ status: 200, body: { user: user('staff') } }) });
      await auth.login({ email: 'staff@tullab.test', password: 'correct horse' });
      const [input, init] = spy.mock.calls[0];
      expect(String(input)).toBe('/api/auth/login');
      expect(init?.method).toBe('POST');
      expect(init?.credentials).toBe('include');
      expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'staff@tullab.test',
        password: 'correct horse',
      });
    });

    test.each(['staff', 'admin'])(
      'when the user is %s, then login resolves and the session is kept',
      async (role) => {
        const spy = stubFetch({ '/api/auth/login': () => ({ status: 200, body: { user: user(role) } }) });
        await expect(
          auth.login({ email: `${role}@tullab.test`, password: 'pw-123456' }),
        ).resolves.toBeUndefined();
        expect(calledPaths(spy)).not.toContain('POST /api/auth/logout');
      },
    );

    test('when the user is a student, then login rejects with the staff-only message and the session is closed', async () => {
      const spy = stubFetch({
        '/api/auth/login': () => ({ status: 200, body: { user: user('student') } }),
        '/api/auth/logout': () => ({ status: 204 }),
      });
      await expect(auth.login({ email: 'student@uaeu.ac.ae', password: 'pw-123456' })).rejects.toThrow(
        STAFF_ONLY_MESSAGE,
      );
      expect(calledPaths(spy)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']);
    });

    test('when the login answer has no role, then the role is read from /api/auth/user', async () => {
      const spy = stubFetch({
        '/api/auth/login': () => ({ status: 200, body: { user: { email: 'student@uaeu.ac.ae' } } }),
        '/api/auth/user': () => ({ status: 200, body: { user: user('student') } }),
        '/api/auth/logout': () => ({ status: 204 }),
      });
      await expect(auth.login({ email: 'student@uaeu.ac.ae', password: 'pw-123456' })).rejects.toThrow(
        STAFF_ONLY_MESSAGE,
      );
      expect(calledPaths(spy)).toContain('GET /api/auth/user');
    });

    test('when the password is wrong, then the server message is shown', async () => {
      stubFetch({
        '/api/auth/login': () => ({ status: 401, body: { message: 'Invalid email or password' } }),
      });
      await expect(auth.login({ email: 'staff@tullab.test', password: 'wrong-pass' })).rejects.toMatchObject({
        message: 'Invalid email or password',
        status: 401,
      });
    });

    test("react-admin's default form field `username` is sent as the e-mail", async () => {
      const spy = stubFetch({ '/api/auth/login': () => ({ status: 200, body: { user: user('admin') } }) });
      await auth.login({ username: 'admin@tullab.test', password: 'pw-123456' });
      expect(JSON.parse(String(spy.mock.calls[0][1]?.body)).email).toBe('admin@tullab.test');
    });
  });

  describe('checkAuth', () => {
    test('a staff session passes', async () => {
      stubFetch({ '/api/auth/user': () => ({ status: 200, body: { user: user('staff') } }) });
      await expect(auth.checkAuth({})).resolves.toBeUndefined();
    });

    test('without a session, it rejects quietly (no notification)', async () => {
      stubFetch({ '/api/auth/user': () => ({ status: 401, body: { message: 'Not signed in' } }) });
      await expect(auth.checkAuth({})).rejects.toEqual({ message: false, status: 401 });
    });

    test("a student's session is refused, and the logout that follows keeps it for the student site", async () => {
      const spy = stubFetch({
        '/api/auth/user': () => ({ status: 200, body: { user: user('student') } }),
        '/api/auth/logout': () => ({ status: 204 }),
      });
      await expect(auth.checkAuth({})).rejects.toThrow(STAFF_ONLY_MESSAGE);
      await auth.logout({});
      expect(calledPaths(spy)).not.toContain('POST /api/auth/logout');
    });
  });

  describe('checkError', () => {
    test('a 401 logs out', async () => {
      await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ status: 401 });
    });

    test.each([400, 403, 404, 409, 500, 502])('a %i does not log out', async (status) => {
      await expect(auth.checkError({ status })).resolves.toBeUndefined();
    });
  });

  describe('identity and permissions', () => {
    test('come from the signed-in user', async () => {
      const spy = stubFetch({ '/api/auth/user': () => ({ status: 200, body: { user: user('admin') } }) });
      await expect(auth.getIdentity?.()).resolves.toEqual({
        id: 'u-admin',
        fullName: 'Mariam Haddad',
        email: 'admin@tullab.test',
      });
      await expect(auth.getPermissions?.({})).resolves.toBe('admin');
      expect(spy).toHaveBeenCalledTimes(1);
    });

    test('the full name falls back to the e-mail when the user has no name', async () => {
      stubFetch({
        '/api/auth/user': () => ({
          status: 200,
          body: { user: user('staff', { firstName: '', lastName: '' }) },
        }),
      });
      await expect(auth.getIdentity?.()).resolves.toMatchObject({ fullName: 'staff@tullab.test' });
    });
  });

  test('logout ends the session on the server, and a failing logout call does not block it', async () => {
    const spy = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(calledPaths(spy)).toEqual(['POST /api/auth/logout']);
  });
});
