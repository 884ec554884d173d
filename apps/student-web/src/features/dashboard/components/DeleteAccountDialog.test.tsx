import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../../testing/render';
import { storeUser } from '@tullab/web-kit/session/stored-user';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

function asStudent(routes: Record<string, StubRoute> = {}) {
  let deleted = false;
  const stub = stubApi({
    'GET /api/auth/user': () =>
      deleted
        ? { status: 401, body: { message: 'Not authenticated' } }
        : { body: { user: studentUser('active') } },
    'GET /api/students/profile': {
      body: {
        student: {
          firstName: 'Sara',
          lastName: 'Al Mansoori',
          email: 'sara@example.com',
          phoneNumber: null,
          status: 'active',
          studentEmail: null,
          verifiedAt: null,
        },
      },
    },
    ...routes,
    'POST /api/students/delete-account': async (request) => {
      const route = routes['POST /api/students/delete-account'];
      const reply = typeof route === 'function' ? await route(request) : (route ?? { body: {} });
      if (reply !== 'network-error' && (reply.status ?? 200) === 200) deleted = true;
      return reply;
    },
  });
  return stub;
}

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/dashboard');
  const card = await screen.findByRole('region', { name: 'Your Data' });
  await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog };
}

describe('deleting the account from the dashboard', () => {
  test('a labelled dialog that explains itself, focuses the password, refuses an empty one, names a wrong one, and closes with Escape', async () => {
    const { sent } = asStudent({
      'POST /api/students/delete-account': {
        status: 400,
        body: {
          message: 'Current password is incorrect',
          errors: { currentPassword: 'Current password is incorrect' },
        },
      },
    });
    const { user, dialog } = await openDialog();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    const password = within(dialog).getByLabelText<HTMLInputElement>(/^Password/);
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Please enter your password');
    expect(sent('POST /api/students/delete-account')).toEqual([]);

    await fill(user, password, 'not my password');
    await user.keyboard('{Enter}');
    await within(dialog).findByText('Current password is incorrect');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST /api/students/delete-account').map((r) => r.body)).toEqual([
      { currentPassword: 'not my password' },
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('while it deletes the button says so; another failure shows above the field; success signs out and goes home', async () => {
    storeUser(studentUser('active'));
    let answer: (reply: { status: number; body: object }) => void = () => undefined;
    let calls = 0;
    asStudent({
      'POST /api/students/delete-account': () => {
        calls += 1;
        if (calls === 1) return { status: 503, body: { message: 'Identity service unavailable' } };
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    const { user, dialog } = await openDialog();
    await fill(user, within(dialog).getByLabelText(/^Password/), 'a long and unusual passphrase 7');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Identity service unavailable');

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const busy = await within(dialog).findByRole('button', { name: 'Deleting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    answer({ status: 200, body: { message: 'Your account and personal data have been deleted.' } });

    await findToast('Your account and personal data have been deleted.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('link', { name: /log in/i });
    expect(localStorage.getItem('tullab_user')).toBeNull();
  });
});
