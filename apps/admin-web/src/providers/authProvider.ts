import { accounts, apiPath } from '@tullab/contracts/route-table';
import { staffRoles, type MfaEnrolment, type PublicUser } from '@tullab/contracts';
import type { AuthProvider, UserIdentity } from 'react-admin';

export const STAFF_ONLY_MESSAGE = 'This console is for Tullab staff only';
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password. Please try again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Roles allowed into the console (ARCHITECTURE "Trust boundaries"). */
export const STAFF_ROLES: readonly string[] = staffRoles;

/** Console resources only admins may open (identity answers 403 to anyone else). */
const ADMIN_ONLY_RESOURCES: readonly string[] = ['staff'];

/** The signed-in user as `/api/auth/*` returns it (`PublicUser`, of which the console reads these fields). */
export type ApiUser = Pick<PublicUser, 'id' | 'email'> &
  Partial<Pick<PublicUser, 'firstName' | 'lastName' | 'role' | 'mfaEnrolled'>>;

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

/** What a right password of a staff member leads to: the second factor, set up first if it is not yet (S37). */
export interface SecondFactorStep {
  /** react-admin's useLogin stays on the login page */
  redirectTo: false;
  mfaRequired: true;
  /** false at the first sign-in: the authenticator app is set up before its first code */
  enrolled: boolean;
}

/**
 * `POST /api/auth/mfa/enrollment` (a first sign-in) or `/api/auth/accept-invitation/enrollment` (an invitation):
 * the key of a new authenticator app, as a QR code and as text.
 */
export type Enrolment = MfaEnrolment;

export interface LoginParams {
  email?: string;
  /** react-admin's default login form calls the field `username`. */
  username?: string;
  password?: string;
  /** the 6-digit code of the authenticator app, the second step of a staff sign-in */
  code?: string;
}

/** The console's authProvider: react-admin's methods plus the steps of a staff sign-in that are not a login. */
export interface StaffAuthProvider extends AuthProvider {
  login(params: LoginParams): Promise<SecondFactorStep | void>;
  startEnrolment(): Promise<Enrolment>;
  /** The key of the authenticator app an invited staff member sets up on the accept page (the same on a reload). */
  startInvitationEnrolment(token: string): Promise<Enrolment>;
  /**
   * Sets the password of an invited staff member together with their second factor, confirmed by `code` from the
   * app set up with the invitation's key; answers the server's message.
   */
  acceptInvitation(token: string, password: string, code: string): Promise<string>;
  /**
   * Why the last check turned a signed-in user away (a student), until someone signs in here; every mount of the
   * login page shows it (it may mount more than once after one check).
   */
  refusal(): string | null;
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

/** The account routes the console calls, as identity declares them. */
type AuthRoute = (typeof accounts)[
  | 'login'
  | 'currentUser'
  | 'logout'
  | 'startMfaEnrolment'
  | 'verifyMfa'
  | 'startInvitationEnrolment'
  | 'acceptInvitation'];

/** One call of a declared account route with the cookies and, if given, a JSON body. */
async function callAuth(route: AuthRoute, body?: object): Promise<{ res: Response; body: unknown }> {
  const res = await fetch(apiPath(route), {
    method: route.method.toUpperCase(),
    credentials: 'include',
    headers: body
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { res, body: await readJson(res) };
}

/** The answer's JSON, or an AuthRequestError with the server's message (else `fallback`) and status. */
async function authJson(route: AuthRoute, body: object | undefined, fallback: string): Promise<unknown> {
  const answer = await callAuth(route, body);
  if (!answer.res.ok) throw new AuthRequestError(messageOf(answer.body) ?? fallback, answer.res.status);
  return answer.body;
}

async function fetchCurrentUser(): Promise<ApiUser> {
  const { res, body } = await callAuth(accounts.currentUser);
  const user = userOf(body);
  if (!res.ok || !user)
    throw new AuthRequestError(messageOf(body) ?? 'Failed to fetch user', res.ok ? 401 : res.status);
  return user;
}

async function endSession(): Promise<void> {
  try {
    await callAuth(accounts.logout);
  } catch (error) {
    console.warn('logout failed', error);
  }
}

const isSecondFactorAnswer = (body: unknown): body is { mfaRequired: true; enrolled?: boolean } =>
  !!body && typeof body === 'object' && 'mfaRequired' in body && body.mfaRequired === true;

/**
 * react-admin auth over the gateway's session cookie. Only staff and admins get in: a student's correct password is
 * refused with a clear message and the session it opened is closed again. A staff sign-in has two steps (S37): the
 * password answers `{ mfaRequired, enrolled }` (login resolves with a {@link SecondFactorStep} and react-admin stays
 * on the login page), then `login({ code })` sends the authenticator's code and the session starts.
 * Each instance caches the current user until login, logout or a 401.
 */
export function createAuthProvider(): StaffAuthProvider {
  let currentUser: Promise<ApiUser> | null = null;
  // Set when a signed-in non-staff user (a student) opens the console: react-admin then calls logout to show
  // the login page, which must not end that student's session on the student site.
  let keepSessionOnLogout = false;
  let refusal: string | null = null;

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

  /** The end of a sign-in: staff get in, anyone else is refused and their new session is closed. */
  const admit = async (answered: ApiUser | null): Promise<void> => {
    // SPEC §3: a login answer holds a user with at least an e-mail; ask for the full user if the role is missing.
    const user = answered?.role ? answered : await fetchCurrentUser();
    if (!isStaff(user)) {
      await endSession();
      throw new AuthRequestError(STAFF_ONLY_MESSAGE, 403);
    }
    currentUser = Promise.resolve(user);
  };

  return {
    async login({ email, username, password, code }: LoginParams) {
      currentUser = null;
      keepSessionOnLogout = false;
      refusal = null;
      if (code !== undefined) {
        const body = await authJson(accounts.verifyMfa, { code }, 'Invalid authentication code');
        return admit(userOf(body));
      }
      const body = await authJson(
        accounts.login,
        { email: email ?? username, password },
        LOGIN_FAILED_MESSAGE,
      );
      if (isSecondFactorAnswer(body)) {
        return { redirectTo: false, mfaRequired: true, enrolled: body.enrolled === true };
      }
      return admit(userOf(body));
    },

    async startEnrolment() {
      return (await authJson(
        accounts.startMfaEnrolment,
        undefined,
        'Could not start the set-up',
      )) as Enrolment;
    },

    async startInvitationEnrolment(token: string) {
      return (await authJson(
        accounts.startInvitationEnrolment,
        { token },
        'Could not start the set-up',
      )) as Enrolment;
    },

    async acceptInvitation(token: string, password: string, code: string) {
      const body = await authJson(
        accounts.acceptInvitation,
        { token, password, code },
        'Could not accept your invitation',
      );
      return messageOf(body) ?? 'Your password and authenticator app are set. Please sign in.';
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
        refusal = STAFF_ONLY_MESSAGE;
        throw new AuthRequestError(STAFF_ONLY_MESSAGE, 403);
      }
      refusal = null;
    },

    refusal() {
      return refusal;
    },

    async checkError(error: { status?: number } | null | undefined) {
      if (error?.status === 401) {
        currentUser = null;
        throw new AuthRequestError(SESSION_ENDED_MESSAGE, 401);
      }
    },

    async canAccess({ resource }: { resource: string }) {
      const user = await loadUser();
      return ADMIN_ONLY_RESOURCES.includes(resource) ? user.role === 'admin' : isStaff(user);
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
