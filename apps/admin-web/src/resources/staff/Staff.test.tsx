import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../../testing/render-console';
import { listReply, staffUser } from '../../testing/stub-api';
import { staffMessages, type StaffRecord } from './types';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const member: StaffRecord = {
  id: '4c4d4e4f-5a5b-4c6c-8d7d-e8e9f0a1b2c3',
  email: 'omar@tullab.ae',
  firstName: 'Omar',
  lastName: 'Saleh',
  role: 'staff',
  disabled: false,
  mfaEnrolled: true,
  invitationPending: false,
  createdAt: '2026-10-01T08:00:00.000Z',
  lastSeenAt: null,
};
const admin = { user: staffUser('admin') };

describe('staff (admins only)', () => {
  test('lists staff with their state; an admin cannot disable their own account', async () => {
    const self = {
      ...member,
      id: staffUser('admin').id,
      email: 'admin@tullab.test',
      firstName: 'Mariam',
      lastName: 'Haddad',
      role: 'admin' as const,
    };
    const invited = {
      ...member,
      id: '9e9f0a1b-2c3d-4e4f-8a5b-6c7d8e9f0a1b',
      email: 'sara@tullab.ae',
      invitationPending: true,
      mfaEnrolled: false,
    };
    renderConsole('/staff', { 'GET /api/admin/staff': listReply('staff', [self, member, invited]) }, admin);
    const row = async (email: string) => (await screen.findByText(email)).closest('tr')!;
    expect(within(await row('admin@tullab.test')).queryByRole('button', { name: 'Disable' })).toBeNull();
    within(await row('omar@tullab.ae')).getByRole('button', { name: 'Disable' });
    within(await row('omar@tullab.ae')).getByText('Set up');
    within(await row('sara@tullab.ae')).getByText('Invited');
  });

  test('an invitation sends the e-mail, names, role and the admin’s own password, nothing else', async () => {
    const { sent, location } = renderConsole(
      '/staff/create',
      {
        'POST /api/admin/staff': { status: 201, body: { ...member, invitationPending: true } },
        'GET /api/admin/staff': listReply('staff', [member]),
      },
      admin,
    );
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^E-mail/), 'omar@tullab.ae');
    await fill(user, screen.getByLabelText(/^First name/), 'Omar');
    await fill(user, screen.getByLabelText(/^Last name/), 'Saleh');
    await fill(user, screen.getByLabelText(/^Your password/), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Invitation sent to omar@tullab.ae');
    expect(sent('POST /api/admin/staff')[0].body).toEqual({
      email: 'omar@tullab.ae',
      firstName: 'Omar',
      lastName: 'Saleh',
      role: 'staff',
      currentPassword: 'my own password',
    });
    await waitFor(() => expect(location().pathname).toBe('/staff'));
  });

  test('the invitation form shows the SPEC messages', async () => {
    const { sent } = renderConsole('/staff/create', {}, admin);
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^E-mail/), 'not-an-email');
    await fill(user, screen.getByLabelText(/^First name/), 'O');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(staffMessages.email);
    screen.getByText(staffMessages.firstName);
    screen.getByText(staffMessages.lastName);
    screen.getByText(staffMessages.currentPassword);
    expect(sent('POST /api/admin/staff')).toHaveLength(0);
  });

  test('an invitation refused for a wrong password shows it on the password field', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderConsole(
      '/staff/create',
      {
        'POST /api/admin/staff': {
          status: 400,
          body: {
            message: 'Current password is incorrect',
            errors: { currentPassword: 'Current password is incorrect' },
          },
        },
      },
      admin,
    );
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^E-mail/), 'omar@tullab.ae');
    await fill(user, screen.getByLabelText(/^First name/), 'Omar');
    await fill(user, screen.getByLabelText(/^Last name/), 'Saleh');
    await fill(user, screen.getByLabelText(/^Your password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText(/^Your password/);
    await waitFor(() =>
      expect(field.closest('.MuiFormControl-root')?.textContent).toContain('Current password is incorrect'),
    );
  });

  test('a role change sends the role and the admin’s own password, nothing else', async () => {
    const { sent } = renderConsole(
      `/staff/${member.id}`,
      {
        [`GET /api/admin/staff/${member.id}`]: { body: member },
        [`PUT /api/admin/staff/${member.id}`]: { body: { ...member, role: 'admin' } },
        'GET /api/admin/staff': listReply('staff', [member]),
      },
      admin,
    );
    const user = userEvent.setup();
    await screen.findByText('Omar Saleh (omar@tullab.ae)');
    await user.click(screen.getByLabelText(/^Role/));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await screen.findByText(staffMessages.currentPassword);
    await fill(user, screen.getByLabelText(/^Your password/), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(sent(`PUT /api/admin/staff/${member.id}`)).toHaveLength(1));
    expect(sent(`PUT /api/admin/staff/${member.id}`)[0].body).toEqual({
      role: 'admin',
      currentPassword: 'my own password',
    });
  });

  test('a wrong password is shown on the password field', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderConsole(
      `/staff/${member.id}`,
      {
        [`GET /api/admin/staff/${member.id}`]: { body: member },
        [`PUT /api/admin/staff/${member.id}`]: {
          status: 400,
          body: {
            message: 'Current password is incorrect',
            errors: { currentPassword: 'Current password is incorrect' },
          },
        },
      },
      admin,
    );
    const user = userEvent.setup();
    await screen.findByText('Omar Saleh (omar@tullab.ae)');
    await fill(user, screen.getByLabelText(/^Your password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const field = screen.getByLabelText(/^Your password/);
    await waitFor(() =>
      expect(field.closest('.MuiFormControl-root')?.textContent).toContain('Current password is incorrect'),
    );
  });
});
