import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MerchantColleague } from '@tullab/contracts';
import { findToast } from '../../components/testing/find-toast';
import { stubApi, studentUser } from '../../components/testing/stub-api';
import { renderApp } from '../../testing/render';

const merchant = studentUser('none', { role: 'merchant' });
const colleague = (overrides: Partial<MerchantColleague>): MerchantColleague => ({
  id: 'c-1',
  email: 'layla@bloom.ae',
  firstName: 'Layla',
  lastName: 'Hassan',
  status: 'active',
  invitedAt: '2026-10-01T08:00:00.000Z',
  ...overrides,
});
const omar = colleague({
  id: 'c-2',
  email: 'omar@bloom.ae',
  firstName: 'Omar',
  lastName: 'Saleh',
  status: 'invited',
});
const resendRoute = 'POST /api/merchant/colleagues/c-2/resend-invitation';

const stubTeam = (resend: { status?: number; body: unknown }) =>
  stubApi({
    'GET /api/auth/user': { body: { user: merchant } },
    'GET /api/merchant/brand': { body: { id: 'b1', name: 'Desert Bloom', contactEmail: 'layla@bloom.ae' } },
    'GET /api/merchant/colleagues': { body: [colleague({}), omar] },
    [resendRoute]: resend,
  });

const rowOf = async (name: string) => {
  const table = await screen.findByTestId('merchant-colleagues');
  const header = await within(table).findByRole('rowheader', { name });
  return header.closest('tr') as HTMLElement;
};

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('/merchant/team (issue 16)', () => {
  test('an invited colleague can be sent a new invitation; an active one cannot', async () => {
    const { sent } = stubTeam({ body: omar });
    renderApp('/merchant/team');
    const active = await rowOf('Layla Hassan');
    expect(within(active).queryByRole('button', { name: 'Resend invitation' })).toBeNull();

    await userEvent
      .setup()
      .click(within(await rowOf('Omar Saleh')).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(sent(resendRoute)).toHaveLength(1));
    await findToast('Invitation Sent');
    await findToast('We e-mailed a new invitation to omar@bloom.ae. The earlier link no longer works.');
  });

  test("a refused resend shows the server's message", async () => {
    stubTeam({
      status: 409,
      body: { message: 'This colleague has already set a password and can sign in', code: 'conflict' },
    });
    renderApp('/merchant/team');
    await userEvent
      .setup()
      .click(within(await rowOf('Omar Saleh')).getByRole('button', { name: 'Resend invitation' }));
    await findToast('Invitation Not Sent');
    await findToast('This colleague has already set a password and can sign in');
  });
});
