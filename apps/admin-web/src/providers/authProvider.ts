import type { AuthProvider, UserIdentity } from 'react-admin';

export const STAFF_ONLY_MESSAGE = 'This console is for Tullab staff only';
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password. Please try again.';

/** Roles allowed into the console (ARCHITECTURE "Trust boundaries"). */
export const STAFF_ROLES: readonly string[] = ['staff', 'admin'];

/** The signed-in user as `/api/auth/*` returns it (SPEC §3 "User"). */
export interface ApiUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  role?: string;
}

/** A failed call; react-admin reads `status` (checkError logs out on 401). */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

export const isStaff = (user: ApiUser | null | undefined): boolean =>
  typeof user?.role === 'string' && STAFF_ROLES.includes(user.role);

export const fullNameOf = (user: ApiUser): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

const messageOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;

/** The gateway answers `{ user }`; a bare user object is accepted too. */
function userOf(body: unknown): ApiUser | null {
  const candidate = body && typeof body === 'object' && 'user' in body ? body.user : body;
  return candidate && typeof candidate === 'object' && 'email' in candidate ? (candidate as ApiUser) : null;
}

function callAuth(path: 'login' | 'user' | 'logout', body?: object): Promise<Response> {
  return fetch(`/api/auth/${path}`, {
    method: path === 'user' ? 'GET' : 'POST',
    credentials: 'include',
    headers: body
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function fetchCurrentUser(): Promise<ApiUser> {
  const res = await callAuth('user');
  const body = await readJson(res);
  const user = userOf(body);
  if (!res.ok || !user)
    throw new AuthRequestError(messageOf(body) ?? 'Failed to fetch user', res.ok ? 401 : res.status);
  return user;
}

async function endSession(): Promise<void> {
  try {
    await callAuth('logout');
  } catch (error) {
    console.warn('logout failed', error);
  }
}

export interface LoginParams {
  email?: string;
  /** react-admin's default login form calls the field `username`. */
  username?: string;
  password: string;
}

/**
 * react-admin auth over the gateway's session cookie. Only staff and admins get in: a student's correct
 * password is refused with a clear message and the session it opened is closed again.
 * Each instance caches the current user until login, logout or a 401.
 */
export function createAuthProvider(): AuthProvider {
  let currentUser: Promise<ApiUser> | null = null;
  // Set when a signed-in non-staff user (a student) opens the console: react-admin then calls logout to show
  // the login page, which must not end that student's session on the student site.
  let keepSessionOnLogout = false;

  const loadUser = (): Promise<ApiUser> => {
    if (!currentUser) {
      const loading = fetchCurrentUser();
      currentUser = loading;
      loading.catch(() => {
        if (currentUser === loading) currentUser = null;
      });
    }
    return currentUser;
  };

  return {
    async login({ email, username, password }: LoginParams) {
      currentUser = null;
      keepSessionOnLogout = false;
      const res = await callAuth('login', { email: email ?? username, password });
      const body = await readJson(res);
      if (!res.ok) throw new AuthRequestError(messageOf(body) ?? LOGIN_FAILED_MESSAGE, res.status);

      // SPEC §3: the login answer holds a user with at least an e-mail; ask for the full user if the role is missing.
      const answered = userOf(body);
      const user = answered?.role ? answered : await fetchCurrentUser();
      if (!isStaff(user)) {
        await endSession();
        throw new AuthRequestError(STAFF_ONLY_MESSAGE, 403);
      }
      currentUser = Promise.resolve(user);
    },

    async logout() {
      currentUser = null;
      if (keepSessionOnLogout) keepSessionOnLogout = false;
      else await endSession();
    },

    async checkAuth() {
      currentUser = null;
      let user: ApiUser;
      try {
        user = await loadUser();
      } catch (error) {
        // Not signed in: go to the login page without an error notice (react-admin reads `message: false`).
        if (error instanceof AuthRequestError && error.status === 401) throw { message: false, status: 401 };
        throw error;
      }
      if (!isStaff(user)) {
        keepSessionOnLogout = true;
        throw new AuthRequestError(STAFF_ONLY_MESSAGE, 403);
      }
    },

    async checkError(error: { status?: number } | null | undefined) {
      if (error?.status === 401) {
        currentUser = null;
        throw new AuthRequestError('Your session has ended. Please sign in again.', 401);
      }
    },

    async getIdentity(): Promise<UserIdentity> {
      const user = await loadUser();
      return { id: user.id, fullName: fullNameOf(user), email: user.email };
    },

    async getPermissions() {
      const user = await loadUser();
      return user.role;
    },
  };
}

export const authProvider = createAuthProvider();
