import { staffUser, stubApi } from '../testing/stub-api';
import {
  createAuthProvider,
  LOGIN_FAILED_MESSAGE,
  STAFF_ONLY_MESSAGE,
  type ApiUser,
  type StaffAuthProvider,
} from './authProvider';

const student = (extra: Partial<ApiUser> = {}): ApiUser => ({
  id: 'u-student',
  email: 'layla@uaeu.ac.ae',
  firstName: 'Layla',
  lastName: 'Hassan',
  role: 'student',
  ...extra,
});

/** What identity answers a right password of staff (S37): no session yet, the `mfa` cookie and the next step. */
const secondFactor = (enrolled: boolean) => ({
  body: {
    mfaRequired: true,
    enrolled,
    user: { email: 'staff@tullab.test', firstName: 'Mariam', lastName: 'Haddad', role: 'staff' },
  },
});

const calls = (requests: Array<{ method: string; path: string }>) =>
  requests.map((r) => `${r.method} ${r.path}`);

describe('authProvider', () => {
  let auth: StaffAuthProvider;
  beforeEach(() => {
    auth = createAuthProvider();
  });
  afterEach(() => jest.restoreAllMocks());

  describe('login, first step: e-mail and password', () => {
    test('sends the e-mail and password as JSON with the cookies', async () => {
      const { spy, sent } = stubApi({ 'POST /api/auth/login': secondFactor(true) });
      await auth.login({ email: 'staff@tullab.test', password: 'correct horse' });
      expect(sent('POST /api/auth/login')[0].body).toEqual({
        email: 'staff@tullab.test',
        password: 'correct horse',
      });
      expect(spy.mock.calls[0][1]?.credentials).toBe('include');
      expect(new Headers(spy.mock.calls[0][1]?.headers).get('Content-Type')).toBe('application/json');
    });

    test.each([true, false])(
      'staff (enrolled: %s) are asked for the second factor, and react-admin stays on the login page',
      async (enrolled) => {
        const { requests } = stubApi({ 'POST /api/auth/login': secondFactor(enrolled) });
        await expect(auth.login({ email: 'staff@tullab.test', password: 'pw-123456' })).resolves.toEqual({
          redirectTo: false,
          mfaRequired: true,
          enrolled,
        });
        expect(calls(requests)).toEqual(['POST /api/auth/login']);
      },
    );

    test('a student is refused with the staff-only message and the session the password opened is closed', async () => {
      const { requests } = stubApi({ 'POST /api/auth/login': { body: { user: student() } } });
      await expect(auth.login({ email: 'layla@uaeu.ac.ae', password: 'pw-123456' })).rejects.toThrow(
        STAFF_ONLY_MESSAGE,
      );
      expect(calls(requests)).toEqual(['POST /api/auth/login', 'POST /api/auth/logout']);
    });

    test('when the answer has no role, the role is read from /api/auth/user', async () => {
      const { requests } = stubApi({
        'POST /api/auth/login': { body: { user: { email: 'layla@uaeu.ac.ae' } } },
        'GET /api/auth/user': { body: { user: student() } },
      });
      await expect(auth.login({ email: 'layla@uaeu.ac.ae', password: 'pw-123456' })).rejects.toThrow(
        STAFF_ONLY_MESSAGE,
      );
      expect(calls(requests)).toContain('GET /api/auth/user');
    });

    test('a wrong password shows the server message and status', async () => {
      stubApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
      await expect(auth.login({ email: 'staff@tullab.test', password: 'wrong-pass' })).rejects.toMatchObject({
        message: 'Invalid email or password',
        status: 401,
      });
    });

    test('an answer without a message falls back to the SPEC text', async () => {
      stubApi({ 'POST /api/auth/login': { status: 500 } });
      await expect(auth.login({ email: 'staff@tullab.test', password: 'pw-123456' })).rejects.toThrow(
        LOGIN_FAILED_MESSAGE,
      );
    });

    test("react-admin's default form field `username` is sent as the e-mail", async () => {
      const { sent } = stubApi({ 'POST /api/auth/login': secondFactor(true) });
      await auth.login({ username: 'admin@tullab.test', password: 'pw-123456' });
      expect(sent('POST /api/auth/login')[0].body).toMatchObject({ email: 'admin@tullab.test' });
    });
  });

  describe('login, second step: the authenticator code', () => {
    test('the code goes to /api/auth/mfa/verify and the staff session starts', async () => {
      const { sent, requests } = stubApi({
        'POST /api/auth/mfa/verify': { body: { user: staffUser('admin') } },
      });
      await expect(auth.login({ code: '123456' })).resolves.toBeUndefined();
      expect(sent('POST /api/auth/mfa/verify')[0].body).toEqual({ code: '123456' });
      // the user the answer carried is the signed-in user: no extra call
      await expect(auth.getPermissions?.({})).resolves.toBe('admin');
      expect(calls(requests)).toEqual(['POST /api/auth/mfa/verify']);
    });

    test('a wrong code rejects with the server message and keeps the step (400)', async () => {
      stubApi({
        'POST /api/auth/mfa/verify': {
          status: 400,
          body: { message: 'Invalid authentication code', errors: { code: 'Invalid authentication code' } },
        },
      });
      await expect(auth.login({ code: '000000' })).rejects.toMatchObject({
        message: 'Invalid authentication code',
        status: 400,
      });
    });

    test('an expired sign-in rejects with 401, so the page goes back to the password', async () => {
      stubApi({
        'POST /api/auth/mfa/verify': {
          status: 401,
          body: { message: 'Your sign-in has expired. Please sign in again.' },
        },
      });
      await expect(auth.login({ code: '123456' })).rejects.toMatchObject({ status: 401 });
    });

    test('startEnrolment answers the QR code and the manual key', async () => {
      const enrolment = {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Tullab',
        qrCode: 'data:image/png;base64,AA',
      };
      const { sent } = stubApi({ 'POST /api/auth/mfa/enrollment': { body: enrolment } });
      await expect(auth.startEnrolment()).resolves.toEqual(enrolment);
      expect(sent('POST /api/auth/mfa/enrollment')[0].body).toBeUndefined();
    });

    test('startEnrolment rejects with the server message', async () => {
      stubApi({
        'POST /api/auth/mfa/enrollment': {
          status: 409,
          body: { message: 'Two-factor authentication is already set up for this account' },
        },
      });
      await expect(auth.startEnrolment()).rejects.toThrow(
        'Two-factor authentication is already set up for this account',
      );
    });
  });

  describe('checkAuth', () => {
    test('a staff session passes', async () => {
      stubApi({ 'GET /api/auth/user': { body: { user: staffUser() } } });
      await expect(auth.checkAuth({})).resolves.toBeUndefined();
    });

    test('without a session, it rejects quietly (no notification)', async () => {
      stubApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
      await expect(auth.checkAuth({})).rejects.toEqual({ message: false, status: 401 });
    });

    test("a student's session is refused, and the logout that follows keeps it for the student site", async () => {
      const { requests } = stubApi({ 'GET /api/auth/user': { body: { user: student() } } });
      await expect(auth.checkAuth({})).rejects.toThrow(STAFF_ONLY_MESSAGE);
      // the login page shows why, however often it mounts, until someone signs in here
      expect(auth.refusal()).toBe(STAFF_ONLY_MESSAGE);
      expect(auth.refusal()).toBe(STAFF_ONLY_MESSAGE);
      await auth.logout({});
      expect(calls(requests)).not.toContain('POST /api/auth/logout');
      expect(auth.refusal()).toBe(STAFF_ONLY_MESSAGE);
      stubApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
      await auth.login({ email: 'staff@tullab.ae', password: 'wrong password' }).catch(() => undefined);
      expect(auth.refusal()).toBeNull();
    });
  });

  describe('checkError', () => {
    test('a 401 (the staff session ended: 30 minutes idle or 12 hours) logs out', async () => {
      await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ status: 401 });
    });

    test.each([400, 403, 404, 409, 413, 429, 500, 502, 503])('a %i does not log out', async (status) => {
      await expect(auth.checkError({ status })).resolves.toBeUndefined();
    });
  });

  describe('canAccess', () => {
    test.each([
      ['staff', 'staff', false],
      ['staff', 'verifications', true],
      ['admin', 'staff', true],
      ['admin', 'audit-log', true],
    ] as const)('a %s member may open %s: %s', async (role, resource, allowed) => {
      stubApi({ 'GET /api/auth/user': { body: { user: staffUser(role) } } });
      await expect(auth.canAccess?.({ action: 'list', resource } as never)).resolves.toBe(allowed);
    });
  });

  describe('identity and permissions', () => {
    test('come from the signed-in user, loaded once', async () => {
      const { requests } = stubApi({ 'GET /api/auth/user': { body: { user: staffUser('admin') } } });
      await expect(auth.getIdentity?.()).resolves.toEqual({
        id: staffUser().id,
        fullName: 'Mariam Haddad',
        email: 'admin@tullab.test',
      });
      await expect(auth.getPermissions?.({})).resolves.toBe('admin');
      expect(requests).toHaveLength(1);
    });

    test('the full name falls back to the e-mail when the user has no name', async () => {
      stubApi({ 'GET /api/auth/user': { body: { user: { ...staffUser(), firstName: '', lastName: '' } } } });
      await expect(auth.getIdentity?.()).resolves.toMatchObject({ fullName: 'staff@tullab.test' });
    });
  });

  describe('acceptInvitation', () => {
    test('startInvitationEnrolment sends the token and answers the key of the invitation', async () => {
      const enrolment = {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Tullab',
        qrCode: 'data:image/png;base64,AA',
      };
      const { sent } = stubApi({ 'POST /api/auth/accept-invitation/enrollment': { body: enrolment } });
      await expect(auth.startInvitationEnrolment('tok-1')).resolves.toEqual(enrolment);
      expect(sent('POST /api/auth/accept-invitation/enrollment')[0].body).toEqual({ token: 'tok-1' });
    });

    test('sends the token, the password and the code, and answers the server message', async () => {
      const accepted = 'Your password and authenticator app are set. Please sign in.';
      const { sent } = stubApi({ 'POST /api/auth/accept-invitation': { body: { message: accepted } } });
      await expect(auth.acceptInvitation('tok-1', 'a long new password', '123456')).resolves.toBe(accepted);
      expect(sent('POST /api/auth/accept-invitation')[0].body).toEqual({
        token: 'tok-1',
        password: 'a long new password',
        code: '123456',
      });
    });

    test('an expired invitation rejects with the server message', async () => {
      stubApi({
        'POST /api/auth/accept-invitation': {
          status: 400,
          body: { message: 'This invitation is invalid or has expired' },
        },
      });
      await expect(auth.acceptInvitation('old', 'a long new password', '123456')).rejects.toThrow(
        'This invitation is invalid or has expired',
      );
    });
  });

  test('logout ends the session on the server, and a failing logout call does not block it', async () => {
    const spy = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(spy.mock.calls.map(([input, init]) => `${init?.method} ${String(input)}`)).toEqual([
      'POST /api/auth/logout',
    ]);
  });
});
