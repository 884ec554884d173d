import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing/render-console';
import { invitationMessages } from './AcceptInvitationPage';

afterEach(() => jest.restoreAllMocks());

const PAGE = '/accept-invitation?token=tok_9f8e7d';

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  return user;
}

describe('accept invitation page', () => {
  test('without a session, sets the password with the token from the link, then leads to sign in', async () => {
    const { sent, location } = renderConsole(
      PAGE,
      { 'POST /api/auth/accept-invitation': { body: { message: 'Your password is set. Please sign in.' } } },
      { user: null },
    );
    const user = await choose('a long and new password');
    expect((await screen.findByRole('status')).textContent).toBe('Your password is set. Please sign in.');
    expect(sent('POST /api/auth/accept-invitation')[0].body).toEqual({
      token: 'tok_9f8e7d',
      password: 'a long and new password',
    });
    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  test('checks the password and its confirmation before sending', async () => {
    const { sent } = renderConsole(PAGE, {}, { user: null });
    await choose('short', 'different');
    screen.getByText(invitationMessages.password);
    screen.getByText(invitationMessages.confirm);
    expect(sent('POST /api/auth/accept-invitation')).toHaveLength(0);
  });

  test('shows the server message for an expired invitation or a refused password', async () => {
    renderConsole(
      PAGE,
      {
        'POST /api/auth/accept-invitation': {
          status: 400,
          body: { message: 'This invitation is invalid or has expired' },
        },
      },
      { user: null },
    );
    await choose('a long and new password');
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation is invalid or has expired');
  });

  test('a link without its token says so', async () => {
    renderConsole('/accept-invitation', {}, { user: null });
    await screen.findByText(invitationMessages.incomplete);
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });
});
