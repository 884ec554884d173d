import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_ONLY_MESSAGE } from '../providers/authProvider';
import { dashboardRoutes } from '../testing/fixtures';
import { renderConsole } from '../testing/render-console';
import { staffUser, type StubReply } from '../testing/stub-api';
import { groupKey } from './EnrolmentInstructions';
import { loginMessages } from './LoginPage';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Tullab:staff%40tullab.test?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Tullab',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

/**
 * The sign-in as the gateway answers it: nobody is signed in until the code is accepted, then `/api/auth/user` is
 * the staff member. `verify` answers the code (the staff session by default).
 */
function signInRoutes({
  enrolled = true,
  verify,
}: { enrolled?: boolean; verify?: (code: string) => StubReply } = {}) {
  let signedIn = false;
  return {
    ...dashboardRoutes(),
    'GET /api/auth/user': () =>
      signedIn ? { body: { user: staffUser() } } : { status: 401, body: { message: 'Not authenticated' } },
    'POST /api/auth/login': {
      body: { mfaRequired: true, enrolled, user: { email: 'staff@tullab.test', role: 'staff' } },
    },
    'POST /api/auth/mfa/enrollment': { body: ENROLMENT },
    'POST /api/auth/mfa/verify': ({ body }: { body: unknown }) => {
      const reply = verify?.((body as { code: string }).code) ?? { body: { user: staffUser() } };
      signedIn = (reply.status ?? 200) === 200;
      return reply;
    },
  };
}

async function enterPassword(user = userEvent.setup()) {
  await fill(user, await screen.findByLabelText(/^email/i), 'staff@tullab.test');
  await fill(user, screen.getByLabelText(/^password/i), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const codeField = () => screen.findByLabelText(/6-digit code/i);

describe('login page', () => {
  test('an enrolled staff member signs in with the password, then the authenticator code, and reaches the dashboard', async () => {
    const { sent, location } = renderConsole('/login', signInRoutes(), { user: null });
    const user = await enterPassword();
    expect(sent('POST /api/auth/login')[0].body).toEqual({
      email: 'staff@tullab.test',
      password: 'correct horse battery',
    });
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(sent('POST /api/auth/mfa/enrollment')).toHaveLength(0);

    await fill(user, await codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(sent('POST /api/auth/mfa/verify')[0].body).toEqual({ code: '123456' });
    await screen.findByRole('heading', { name: 'Welcome, Mariam Haddad' });
  });

  test('at the first sign-in the authenticator is set up: the QR code and the key to type, then the code', async () => {
    const { sent, location } = renderConsole('/login', signInRoutes({ enrolled: false }), { user: null });
    const user = await enterPassword();
    await screen.findByRole('heading', { name: 'Set up two-factor authentication' });
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(ENROLMENT.qrCode);
    screen.getByText(groupKey(ENROLMENT.secret));
    expect(groupKey(ENROLMENT.secret)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    await fill(user, await codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(sent('POST /api/auth/mfa/enrollment')).toHaveLength(1);
  });

  test('an invited account that never set up its authenticator is told why it cannot set one up here', async () => {
    const closed =
      'Your authenticator app is set up when you accept your invitation. Please ask an administrator for help.';
    renderConsole(
      '/login',
      {
        ...signInRoutes({ enrolled: false }),
        'POST /api/auth/mfa/enrollment': { status: 403, body: { message: closed } },
      },
      { user: null },
    );
    await enterPassword();
    await screen.findByText(closed);
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  test('the code field takes digits only, six at most, and Verify waits for all six', async () => {
    renderConsole('/login', signInRoutes(), { user: null });
    const user = await enterPassword();
    const field = await codeField();
    await fill(user, field, '12 3a4');
    expect((field as HTMLInputElement).value).toBe('1234');
    expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true);
    await fill(user, field, '5678');
    expect((field as HTMLInputElement).value).toBe('123456');
    expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false);
  });

  test('a wrong code says so, empties the field and stays on the code step', async () => {
    const verify = () => ({ status: 400, body: { message: 'Invalid authentication code' } });
    const { location } = renderConsole('/login', signInRoutes({ verify }), { user: null });
    const user = await enterPassword();
    await fill(user, await codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid authentication code');
    expect(((await codeField()) as HTMLInputElement).value).toBe('');
    expect(location().pathname).toBe('/login');
  });

  test('when the sign-in expired or had too many wrong codes (401), the page goes back to the password', async () => {
    const verify = () => ({ status: 401, body: { message: 'Too many wrong codes. Please sign in again.' } });
    renderConsole('/login', signInRoutes({ verify }), { user: null });
    const user = await enterPassword();
    await fill(user, await codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many wrong codes. Please sign in again.',
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect((screen.getByLabelText(/^password/i) as HTMLInputElement).value).toBe('');
  });

  test('"Back to sign in" leaves the code step', async () => {
    renderConsole('/login', signInRoutes(), { user: null });
    const user = await enterPassword();
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { name: 'Sign in' });
  });

  test('a student is refused with the staff-only message and signed out again', async () => {
    const { sent, location } = renderConsole(
      '/login',
      {
        'POST /api/auth/login': {
          body: { user: { id: 's1', email: 'layla@uaeu.ac.ae', role: 'student', firstName: 'Layla' } },
        },
      },
      { user: null },
    );
    await enterPassword();
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_ONLY_MESSAGE);
    expect(sent('POST /api/auth/logout').length).toBeGreaterThan(0);
    expect(location().pathname).toBe('/login');
  });

  test('a wrong password shows the server message', async () => {
    renderConsole(
      '/login',
      { 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } },
      { user: null },
    );
    await enterPassword();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  test('shows the SPEC §5 messages and sends nothing while the fields are invalid', async () => {
    const { sent } = renderConsole('/login', {}, { user: null });
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^email/i), 'not-an-email');
    await fill(user, screen.getByLabelText(/^password/i), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    screen.getByText(loginMessages.email);
    screen.getByText(loginMessages.password);
    expect(sent('POST /api/auth/login')).toHaveLength(0);
  });
});
