import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { api, type User } from '@tullab/web-kit/api/client';
import { makeStore } from '@tullab/web-kit/store';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderWithProviders } from '../../../testing/render';
import { makeOffer } from '../testing/offer-factory';
import { OfferModal } from './OfferModal';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const offer = makeOffer({
  id: 'b3c1',
  brandName: 'Desert Bloom',
  title: '15% off natural skincare',
  discountType: 'percentage',
  discountValue: 15,
});

/** The modal for an active student, the code revealed, and the report dialog opened by its link. */
async function openReportDialog(routes: Record<string, StubRoute>, labels = english) {
  const store = makeStore();
  const stub = stubApi({
    [`GET /api/offers/${offer.id}`]: { body: offer },
    [`POST /api/offers/${offer.id}/copy`]: { status: 202, body: {} },
    'POST /api/analytics': { status: 202, body: {} },
    [`POST /api/offers/${offer.id}/redeem`]: { body: { code: 'BLOOM-15' } },
    ...routes,
  });
  store.dispatch(api.util.upsertQueryData('getUser', undefined, studentUser('active') as User));
  renderWithProviders(<OfferModal offer={offer} open onClose={jest.fn()} />, { store });
  const user = userEvent.setup();
  // no link before the code is revealed
  await user.click(await screen.findByRole('button', { name: labels.redeem }));
  await screen.findByText('BLOOM-15');
  await user.click(screen.getByRole('button', { name: labels.link }));
  const dialog = await screen.findByRole('dialog', { name: labels.title });
  return { ...stub, user, dialog };
}

const english = {
  redeem: 'Redeem discount code',
  link: "This code didn't work?",
  title: 'Report a problem with the Desert Bloom code',
};
const arabic = {
  redeem: 'احصل على كود الخصم',
  link: 'هل واجهت مشكلة في هذا الكود؟',
  title: 'الإبلاغ عن مشكلة في كود Desert Bloom',
};

describe('"This code didn\'t work?" (issue 13 point 4)', () => {
  test('asks for a reason first, then sends it with the text and thanks the student', async () => {
    const { user, dialog, sent } = await openReportDialog({
      'POST /api/offers/b3c1/reports': { status: 201, body: { id: 'r1', status: 'open' } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    within(dialog).getByText('Please choose what went wrong.');
    expect(sent('POST /api/offers/b3c1/reports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'The code had expired' }));
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }),
      'Said expired',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByText('Report sent');
    expect(sent('POST /api/offers/b3c1/reports')[0].body).toEqual({
      reason: 'code-expired',
      text: 'Said expired',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: english.title })).toBeNull());
  });

  test('a report the server refuses stays open and says why', async () => {
    const { user, dialog } = await openReportDialog({
      'POST /api/offers/b3c1/reports': { status: 409, body: { message: 'already' } },
    });
    await user.click(within(dialog).getByRole('radio', { name: 'The shop or website rejected the code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You already reported this code. Our team is looking into it.',
    );
    screen.getByRole('dialog', { name: english.title });
  });

  test('in Arabic: the link, the reasons, the toast and an error', async () => {
    await i18n.changeLanguage('ar');
    let answer: { status: number; body: object } = { status: 500, body: { message: 'boom' } };
    const { user, dialog, sent } = await openReportDialog(
      { 'POST /api/offers/b3c1/reports': () => answer },
      arabic,
    );
    await user.click(within(dialog).getByRole('radio', { name: 'الكود مستخدَم من قبل' }));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'تعذّر إرسال البلاغ. يرجى المحاولة مجدداً.',
    );
    answer = { status: 201, body: { id: 'r1', status: 'open' } };
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    await screen.findByText('تم إرسال البلاغ');
    expect(sent('POST /api/offers/b3c1/reports')[1].body).toEqual({ reason: 'already-used' });
  });
});
