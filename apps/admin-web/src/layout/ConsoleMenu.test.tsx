import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dashboardRoutes } from '../testing/fixtures';
import { renderConsole } from '../testing/render-console';
import { staffUser } from '../testing/stub-api';

afterEach(() => jest.restoreAllMocks());

const menu = async () => {
  const dashboard = await screen.findByRole('menuitem', { name: 'Dashboard' });
  return dashboard.closest('[role="menu"]') as HTMLElement;
};

const names = (element: HTMLElement) =>
  within(element)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('console menu', () => {
  test('staff see every resource but Staff, and the three audit logs grouped under "Audit log"', async () => {
    renderConsole('/', dashboardRoutes());
    const sidebar = await menu();
    await waitFor(() => expect(names(sidebar)).toContain('Failed jobs'));
    expect(names(sidebar)).toEqual([
      'Dashboard',
      'Verifications',
      'Students',
      'Institutions',
      'Offers',
      'Merchant applications',
      'Offer proposals',
      'Code reports',
      'Contact messages',
      'E-mails',
      'Failed jobs',
      'Data retention',
      'Audit log',
    ]);
    const group = within(sidebar).getByRole('menuitem', { name: 'Audit log' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(names(sidebar).slice(-4)).toEqual([
        'Audit log',
        'Verification decisions',
        'Offers and merchants',
        'Account actions',
      ]),
    );
  });

  test('admins also see Staff', async () => {
    renderConsole('/', dashboardRoutes(), { user: staffUser('admin') });
    const sidebar = await menu();
    await within(sidebar).findByRole('menuitem', { name: 'Staff' });
  });

  test('staff who open the staff page directly get the access-denied page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { location } = renderConsole('/staff', {
      'GET /api/admin/staff': { status: 403, body: { message: 'Forbidden' } },
    });
    await waitFor(() => expect(location().pathname).toBe('/access-denied'));
  });
});
