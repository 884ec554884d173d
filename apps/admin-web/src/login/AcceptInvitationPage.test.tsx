import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing/render-console';
import { invitationMessages } from './AcceptInvitationPage';
import { groupKey } from './EnrolmentInstructions';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const PAGE = '/accept-invitation?token=tok_9f8e7d';
const ACCEPTED = 'Your password and authenticator app are set. Please sign in.';
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Tullab:sara%40tullab.test?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Tullab',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};
const KEY_SHOWN = { 'POST /api/auth/accept-invitation/enrollment': { body: ENROLMENT } };

async function choose(password: string, confirm = password, code = '123456') {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText(/^New password/), password);
  await fill(user, screen.getByLabelText(/^Confirm password/), confirm);
  await fill(user, screen.getByLabelText(/^6-digit code/), code);
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
  return user;
}

describe('accept invitation page', () => {
  test('without a session, shows the authenticator key of the invitation, then sends the password with a code, and leads to sign in', async () => {
    const { sent, location } = renderConsole(
      PAGE,
      { ...KEY_SHOWN, 'POST /api/auth/accept-invitation': { body: { message: ACCEPTED } } },
      { user: null },
    );
    const qr = await screen.findByRole('img', { name: 'QR code to add Tullab to your authenticator app' });
    expect(qr.getAttribute('src')).toBe(ENROLMENT.qrCode);
    screen.getByText(groupKey(ENROLMENT.secret));
    expect(sent('POST /api/auth/accept-invitation/enrollment').map((request) => request.body)).toEqual([
      { token: 'tok_9f8e7d' },
    ]);

    const user = await choose('a long and new password', 'a long and new password', '654321');
    expect((await screen.findByRole('status')).textContent).toBe(ACCEPTED);
    expect(sent('POST /api/auth/accept-invitation')[0].body).toEqual({
      token: 'tok_9f8e7d',
      password: 'a long and new password',
      code: '654321',
    });
    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  test('checks the password and its confirmation before sending, and waits for all six digits of the code', async () => {
    const { sent } = renderConsole(PAGE, KEY_SHOWN, { user: null });
    const user = await choose('short', 'different');
    screen.getByText(invitationMessages.password);
    screen.getByText(invitationMessages.confirm);
    await user.clear(screen.getByLabelText(/^6-digit code/));
    await fill(user, screen.getByLabelText(/^6-digit code/), '12 3a4');
    expect((screen.getByLabelText(/^6-digit code/) as HTMLInputElement).value).toBe('1234');
    expect(screen.getByRole('button', { name: 'Accept invitation' }).hasAttribute('disabled')).toBe(true);
    expect(sent('POST /api/auth/accept-invitation')).toHaveLength(0);
  });

  test('a wrong code says so and empties the code field; the key stays the same', async () => {
    const { sent } = renderConsole(
      PAGE,
      {
        ...KEY_SHOWN,
        'POST /api/auth/accept-invitation': {
          status: 400,
          body: { message: 'Invalid authentication code', errors: { code: 'Invalid authentication code' } },
        },
      },
      { user: null },
    );
    await choose('a long and new password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid authentication code');
    expect((screen.getByLabelText(/^6-digit code/) as HTMLInputElement).value).toBe('');
    screen.getByText(groupKey(ENROLMENT.secret));
    expect(sent('POST /api/auth/accept-invitation/enrollment')).toHaveLength(1);
  });

  test('an expired invitation shows the server message instead of a key and a form', async () => {
    renderConsole(
      PAGE,
      {
        'POST /api/auth/accept-invitation/enrollment': {
          status: 400,
          body: { message: 'This invitation is invalid or has expired' },
        },
      },
      { user: null },
    );
    await screen.findByText('This invitation is invalid or has expired');
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  test('a link without its token says so', async () => {
    const { sent } = renderConsole('/accept-invitation', {}, { user: null });
    await screen.findByText(invitationMessages.incomplete);
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(sent('POST /api/auth/accept-invitation/enrollment')).toHaveLength(0);
  });
});
