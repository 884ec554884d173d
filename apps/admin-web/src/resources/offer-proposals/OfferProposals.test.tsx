import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectDataProviderErrors } from '../../testing/browser';
import { offer } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import type { OfferProposalRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const ID = 'c1c2c3c4-d5d6-4e7e-8f8f-a9a0b1b2c3d4';
const OFFER = offer();

const proposal = (overrides: Partial<OfferProposalRecord> = {}): OfferProposalRecord => ({
  id: ID,
  brandId: 'd1d2d3d4-e5e6-4f7f-8a8a-b9b0c1c2d3d4',
  brandName: 'Desert Bloom',
  offerId: OFFER.id,
  kind: 'edit',
  status: 'pending',
  fields: {
    title: '25% off for students',
    titleAr: 'خصم 25% للطلاب',
    description: 'Fresh flowers for less.',
    descriptionAr: null,
    businessCategory: 'Retail',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 25,
    code: 'TLBBLOOM25',
    referralLink: null,
    websiteLink: 'https://desertbloom.ae',
    expiresAt: null,
    discountRedemptionGuide: [{ instruction: 'Copy the code and use it at checkout.' }],
    discountRedemptionGuideAr: null,
    termsAndConditions: 'One code per student. Not combinable with other offers.',
    termsAndConditionsAr: null,
  },
  hasLogo: false,
  reason: null,
  proposedBy: 'e1e2e3e4-f5f6-4a7a-8b8b-c9c0d1d2e3e4',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

function routes(start = proposal()) {
  let current = start;
  return {
    [`GET /api/admin/offer-proposals/${ID}`]: () => ({ body: current }),
    [`POST /api/admin/offer-proposals/${ID}/approve`]: () => {
      current = { ...current, status: 'approved' as const, offerId: OFFER.id };
      return { body: current };
    },
    [`POST /api/admin/offer-proposals/${ID}/reject`]: ({ body }: { body: unknown }) => {
      current = { ...current, status: 'rejected' as const, reason: (body as { reason: string }).reason };
      return { body: current };
    },
    [`GET /api/admin/offers/${OFFER.id}`]: { body: OFFER },
  };
}

const row = (table: HTMLElement, label: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${label}( Changed)?$`) })
    .closest('tr')!;

describe('offer proposals', () => {
  test('the list asks for pending proposals first, oldest first', async () => {
    const { sent } = renderConsole('/offer-proposals', {
      'GET /api/admin/offer-proposals': listReply('offer-proposals', [proposal()]),
    });
    await screen.findByText('25% off for students');
    screen.getByText('Edit of an offer');
    expect(sent('GET /api/admin/offer-proposals')[0].query).toMatchObject({
      filter: { status: ['pending'] },
      sort: ['createdAt', 'ASC'],
    });
  });

  test('an edit shows the proposed values beside the offer’s, the changed ones marked', async () => {
    renderConsole(`/offer-proposals/${ID}/show`, routes());
    const table = await screen.findByRole('table', { name: 'Current and proposed values' });
    const title = row(table, 'Title');
    within(title).getByText('Changed');
    within(title).getByText('20% off for students');
    within(title).getByText('25% off for students');
    expect(within(row(table, 'Discount code')).getByText('TLBBLOOM25')).toBeTruthy();
    const arabic = within(row(table, 'Title \\(Arabic\\)')).getByText('خصم 25% للطلاب');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(within(row(table, 'Description')).queryByText('Changed')).toBeNull();
    screen.getByText('No new logo: the offer keeps its own.');
  });

  test('approving an edit sends it and says the offer changed; the buttons go', async () => {
    const { sent } = renderConsole(`/offer-proposals/${ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve “25% off for students”?' });
    expect(within(dialog).queryByLabelText('Live on the home page now')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Proposal approved: the offer is changed');
    expect(sent(`POST /api/admin/offer-proposals/${ID}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull());
  });

  test('a new offer is approved live when chosen, with its proposed logo shown', async () => {
    const fresh = proposal({ kind: 'new', offerId: null, hasLogo: true });
    const { sent } = renderConsole(`/offer-proposals/${ID}/show`, routes(fresh));
    const logo = await screen.findByRole('img', { name: 'Logo proposed by Desert Bloom' });
    expect(logo.getAttribute('src')).toBe(`/api/admin/offer-proposals/${ID}/logo`);
    expect(screen.getByRole('table', { name: 'Proposed values' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Live on the home page now'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Proposal approved: the offer is live');
    expect(sent(`POST /api/admin/offer-proposals/${ID}/approve`)[0].body).toEqual({ status: 'live' });
  });

  test('rejecting sends the reason, which the page then shows', async () => {
    const { sent } = renderConsole(`/offer-proposals/${ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject with a reason' });
    within(dialog).getByText("The brand's contact receives this reason by e-mail.");
    await user.click(within(dialog).getByLabelText('The discount is not exclusive to students.'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Proposal rejected');
    expect(sent(`POST /api/admin/offer-proposals/${ID}/reject`)[0].body).toEqual({
      reason: 'The discount is not exclusive to students.',
    });
    await screen.findByText('The discount is not exclusive to students.');
  });

  test('a refused decision shows the server’s message', async () => {
    const logged = expectDataProviderErrors();
    renderConsole(`/offer-proposals/${ID}/show`, {
      ...routes(),
      [`POST /api/admin/offer-proposals/${ID}/approve`]: {
        status: 409,
        body: { message: 'This proposal was already decided', code: 'already_reviewed' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByText('This proposal was already decided');
    expect(logged).toHaveBeenCalled();
  });
});
