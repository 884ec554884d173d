import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MerchantColleague, MerchantInvitation } from '@tullab/contracts';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import i18n from 'i18next';
import { renderApp } from '../../testing/render';
import { fill } from '@tullab/web-kit/testing/fill';

const merchant = studentUser('none', { role: 'merchant' });
const layla: MerchantColleague = {
  id: 'c-1',
  email: 'layla@bloom.ae',
  firstName: 'Layla',
  lastName: 'Hassan',
  status: 'active',
  joinedAt: '2026-10-01T08:00:00.000Z',
};
const omar: MerchantInvitation = {
  id: 'i-2',
  email: 'omar@bloom.ae',
  firstName: 'Omar',
  lastName: 'Saleh',
  status: 'pending',
  invitedAt: '2026-10-02T08:00:00.000Z',
  expiresAt: '2026-10-05T08:00:00.000Z',
  invitedBy: 'Layla Hassan',
};
const resendRoute = 'POST /api/merchant/invitations/i-2/resend';
const revokeRoute = 'POST /api/merchant/invitations/i-2/revoke';
const limited = {
  status: 429,
  body: {
    message:
      'Your brand has sent as many invitations as it may for now (10 an hour, 50 a day). Please try again later.',
    code: 'too_many_invitations',
  },
};

const stubTeam = (routes: Record<string, StubRoute> = {}) =>
  stubApi({
    'GET /api/auth/user': { body: { user: merchant } },
    'GET /api/merchant/brand': { body: { id: 'b1', name: 'Desert Bloom', contactEmail: 'layla@bloom.ae' } },
    'GET /api/merchant/colleagues': { body: [layla] },
    'GET /api/merchant/invitations': { body: [omar] },
    ...routes,
  });

const rowOf = async (testId: string, name: string) => {
  const table = await screen.findByTestId(testId);
  const header = await within(table).findByRole('rowheader', { name });
  return header.closest('tr') as HTMLElement;
};

async function invite(email: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Invite a colleague' });
  await fill(user, within(form).getByLabelText(/^First Name/), 'Huda');
  await fill(user, within(form).getByLabelText(/^Last Name/), 'Nasser');
  await fill(user, within(form).getByLabelText(/^Email/), email);
  await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
}

afterEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('/merchant/team (issue 16, T24)', () => {
  test('members and pending invitations are listed apart; a pending invitation can be sent again', async () => {
    const { sent } = stubTeam({ [resendRoute]: { status: 201, body: { ...omar, id: 'i-3' } } });
    renderApp('/merchant/team');
    const member = await rowOf('merchant-colleagues', 'Layla Hassan');
    expect(within(member).getByText('Active')).toBeTruthy();
    expect(within(member).queryByRole('button')).toBeNull();

    const pending = await rowOf('merchant-invitations', 'Omar Saleh');
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('by Layla Hassan')).toBeTruthy();
    await userEvent.setup().click(within(pending).getByRole('button', { name: 'Resend invitation' }));
    await waitFor(() => expect(sent(resendRoute)).toHaveLength(1));
    await findToast(
      'A new invitation to omar@bloom.ae replaces the earlier one, whose link no longer works.',
    );
    // the list is asked for again: the new invitation replaced the old one
    await waitFor(() => expect(sent('GET /api/merchant/invitations')).toHaveLength(2));
  });

  test('inviting says the same whatever the address, and lists the invitation, not a member', async () => {
    let invited = false;
    const { sent } = stubTeam({
      'GET /api/merchant/invitations': () => ({ body: invited ? [omar, { ...omar, id: 'i-4' }] : [omar] }),
      'POST /api/merchant/invitations': () => {
        invited = true;
        return { status: 201, body: { ...omar, id: 'i-4', email: 'huda@bloom.ae' } };
      },
    });
    renderApp('/merchant/team');
    await invite('huda@bloom.ae');
    await findToast(
      'huda@bloom.ae is invited. Unless this address already has a Tullab account, they get an e-mail with a link to join, valid for 72 hours.',
    );
    expect(sent('POST /api/merchant/invitations')[0].body).toEqual({
      email: 'huda@bloom.ae',
      firstName: 'Huda',
      lastName: 'Nasser',
    });
    await waitFor(() => expect(sent('GET /api/merchant/invitations')).toHaveLength(2));
    expect(sent('GET /api/merchant/colleagues')).toHaveLength(1);
  });

  test("the brand's limit (429) shows its message; a colleague already in the team says so", async () => {
    stubTeam({
      [resendRoute]: limited,
      'POST /api/merchant/invitations': {
        status: 409,
        body: { message: 'This person is already in your team', code: 'already_in_team' },
      },
    });
    renderApp('/merchant/team');
    await userEvent.setup().click(
      within(await rowOf('merchant-invitations', 'Omar Saleh')).getByRole('button', {
        name: 'Resend invitation',
      }),
    );
    await findToast('Invitation Not Sent');
    await findToast(
      'Your brand has sent as many invitations as it may for now (10 an hour, 50 a day, 5 an hour to one address). Please try again later.',
    );
    await invite('layla@bloom.ae');
    await findToast('This person is already in your team.');
  });

  test('revoking asks first, then the invitation leaves the list', async () => {
    let revoked = false;
    const { sent } = stubTeam({
      'GET /api/merchant/invitations': () => ({ body: revoked ? [] : [omar] }),
      [revokeRoute]: () => {
        revoked = true;
        return { status: 204 };
      },
    });
    renderApp('/merchant/team');
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('merchant-invitations', 'Omar Saleh')).getByRole('button', { name: 'Revoke' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(sent(revokeRoute)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await findToast('The link sent to omar@bloom.ae no longer works.');
    expect(sent(revokeRoute)).toHaveLength(1);
    await screen.findByText('No invitations are waiting for an answer.');
  });

  test("in Arabic: the lists' headings and the brand's limit", async () => {
    await i18n.changeLanguage('ar');
    stubTeam({ 'POST /api/merchant/invitations': limited });
    renderApp('/merchant/team');
    await screen.findByRole('heading', { level: 2, name: 'دعوات بانتظار الرد' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'ادعُ زميلًا' });
    const fields = within(form).getAllByRole('textbox');
    await fill(user, fields[0], 'Huda');
    await fill(user, fields[1], 'Nasser');
    await fill(user, fields[2], 'huda@bloom.ae');
    await user.click(within(form).getByRole('button', { name: 'إرسال الدعوة' }));
    await findToast(
      'أرسلت علامتك التجارية أقصى عدد مسموح به من الدعوات حاليًا (10 في الساعة، و50 في اليوم، و5 في الساعة للعنوان الواحد). يرجى المحاولة لاحقًا.',
    );
  });
});
