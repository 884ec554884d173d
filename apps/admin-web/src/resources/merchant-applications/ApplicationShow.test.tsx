import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { offer } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import type { ApplicationRecord } from './types';

afterEach(() => jest.restoreAllMocks());

const ID = 'e1e2e3e4-f5f6-4a7a-8b8b-c9c0d1d2e3e4';
const OFFER_ID = offer().id;

const application = (overrides: Partial<ApplicationRecord> = {}): ApplicationRecord => ({
  id: ID,
  brandName: 'Karak House',
  brandCategory: 'other',
  businessDescription: 'Tea and snacks near every campus in Sharjah.',
  generalInfo: 'Open late during exams.',
  offerType: 'discount',
  discountCode: 'TLBKARAK',
  discountType: 'fixed',
  discountValue: 10,
  referralLink: null,
  expiryDate: '2027-01-31T19:59:59.999Z',
  websiteLink: 'https://karak.ae',
  discountRedemptionGuide: [
    { step: 1, instruction: 'Show your Tullab code at the counter.' },
    { step: 2, instruction: 'Enjoy AED 10 off.' },
  ],
  termsAndConditions: 'One use per student per day. Mention Tullab.',
  contactEmail: 'owner@karak.ae',
  contactName: 'Saeed Karak',
  contactPhone: '+971 50 123 4567',
  logoUrl: `/api/admin/merchant-applications/${ID}/logo`,
  status: 'pending',
  confirmationEmailed: true,
  reason: null,
  offerId: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  ...overrides,
});

function routes() {
  let current = application();
  return {
    [`GET /api/admin/merchant-applications/${ID}`]: () => ({ body: current }),
    [`POST /api/admin/merchant-applications/${ID}/approve`]: () => {
      current = { ...current, status: 'approved' as const, offerId: OFFER_ID };
      return { body: current };
    },
    [`POST /api/admin/merchant-applications/${ID}/reject`]: ({ body }: { body: unknown }) => {
      current = { ...current, status: 'rejected' as const, reason: (body as { reason: string }).reason };
      return { body: current };
    },
    [`GET /api/admin/offers/${OFFER_ID}`]: { body: offer({ brandName: 'Karak House', status: 'live' }) },
  };
}

describe('merchant application page', () => {
  test('shows the logo through the staff route, every field and the card it would make', async () => {
    renderConsole(`/merchant-applications/${ID}/show`, routes());
    const logo = await screen.findByRole('img', { name: 'Karak House logo as uploaded' });
    expect(logo.getAttribute('src')).toBe(`/api/admin/merchant-applications/${ID}/logo`);
    const card = screen.getByText('Card preview, as students see it').closest('figure')!;
    within(card).getByText('AED 10');
    within(card).getByText('AED 10 off for students');
    within(card).getByText('Valid until 31 Jan 2027');
    for (const text of [
      'TLBKARAK',
      'Show your Tullab code at the counter.',
      'Saeed Karak',
      'owner@karak.ae',
      '+971 50 123 4567',
      'Open late during exams.',
      'E-mailed',
    ])
      screen.getByText(text);
  });

  test('says when the applicant got no confirmation because the address had one that day', async () => {
    renderConsole(`/merchant-applications/${ID}/show`, {
      [`GET /api/admin/merchant-applications/${ID}`]: { body: application({ confirmationEmailed: false }) },
    });
    await screen.findByText('Not e-mailed: this address already had one that day');
  });

  test('approving creates the offer (live when chosen) and opens it', async () => {
    const { sent, location } = renderConsole(`/merchant-applications/${ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Karak House?' });
    await user.click(within(dialog).getByLabelText('Live on the home page now'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(location().pathname).toBe(`/offers/${OFFER_ID}/show`));
    expect(sent(`POST /api/admin/merchant-applications/${ID}/approve`)[0].body).toEqual({ status: 'live' });
    await screen.findByText('Application approved: the offer is live');
  });

  test('approving keeps the offer a draft by default', async () => {
    const { sent } = renderConsole(`/merchant-applications/${ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent(`POST /api/admin/merchant-applications/${ID}/approve`)).toHaveLength(1));
    expect(sent(`POST /api/admin/merchant-applications/${ID}/approve`)[0].body).toEqual({ status: 'draft' });
  });

  test('rejecting sends the reason, which the page then shows', async () => {
    const { sent } = renderConsole(`/merchant-applications/${ID}/show`, routes());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject with a reason' });
    within(dialog).getByText('The applicant receives this reason by e-mail.');
    await user.click(within(dialog).getByLabelText('The code or the terms must mention Tullab or TLB.'));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Application rejected');
    expect(sent(`POST /api/admin/merchant-applications/${ID}/reject`)[0].body).toEqual({
      reason: 'The code or the terms must mention Tullab or TLB.',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });
});

describe('an application in English and Arabic (issue 12)', () => {
  const arabic = application({
    language: 'ar',
    businessDescriptionAr: 'شاي ووجبات خفيفة قرب كل حرم جامعي في الشارقة.',
    discountRedemptionGuideAr: [{ step: 1, instruction: 'أظهر رمز طلاب عند الكاشير.' }],
    termsAndConditionsAr: 'استخدام واحد لكل طالب يومياً.',
  });

  test('shows each Arabic text beside its English one, right to left, and the language of its e-mails', async () => {
    renderConsole(`/merchant-applications/${ID}/show`, {
      [`GET /api/admin/merchant-applications/${ID}`]: { body: arabic },
    });
    const description = await screen.findByText('شاي ووجبات خفيفة قرب كل حرم جامعي في الشارقة.');
    expect(description.getAttribute('dir')).toBe('rtl');
    expect(description.getAttribute('lang')).toBe('ar');
    const inArabic = screen.getByRole('region', { name: 'In Arabic' });
    const inEnglish = screen.getByRole('region', { name: 'In English' });
    expect(inArabic.parentElement).toBe(inEnglish.parentElement);
    within(inEnglish).getByText('Show your Tullab code at the counter.');
    expect(within(inArabic).getByText('أظهر رمز طلاب عند الكاشير.').closest('[dir="rtl"]')).not.toBeNull();
    within(inArabic).getByText('استخدام واحد لكل طالب يومياً.');
    const language = screen
      .getByText("Language of the applicant's e-mails")
      .closest('.RaRecordField-label')?.parentElement;
    expect(language?.textContent).toContain('Arabic');

    const user = userEvent.setup();
    const card = screen.getByText('Card preview, as students see it').closest('figure')!;
    await user.click(within(card).getByRole('button', { name: 'Arabic' }));
    within(card).getByText('خصم 10 درهم للطلاب');
    within(card).getByText('شاي ووجبات خفيفة قرب كل حرم جامعي في الشارقة.');
  });

  test('an application without Arabic texts says so, and its card in Arabic is the English one', async () => {
    renderConsole(`/merchant-applications/${ID}/show`, routes());
    const inArabic = await screen.findByRole('region', { name: 'In Arabic' });
    within(inArabic).getByText('None: students reading Arabic see the English ones.');
    const user = userEvent.setup();
    const card = screen.getByText('Card preview, as students see it').closest('figure')!;
    await user.click(within(card).getByRole('button', { name: 'Arabic' }));
    within(card).getByText('AED 10 off for students');
  });
});
