import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MerchantOffer, MerchantOfferDetail, OfferProposalAnswer } from '@tullab/contracts';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { fill } from '@tullab/web-kit/testing/fill';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderApp } from '../../testing/render';

const merchant = studentUser('none', { role: 'merchant' });
const offer: MerchantOffer = {
  id: '0b6c1e9a-3f57-4f0e-9d8e-2f1a9c4b7d10',
  title: '15% off natural skincare',
  titleAr: null,
  status: 'live',
  offerType: 'discount',
  codeSource: 'pool',
  codesTotal: 500,
  codesLeft: 12,
  poolLow: true,
  reportsOpen: 0,
  expiresAt: null,
  createdAt: '2026-10-01T08:00:00.000Z',
};
/** Two months ahead, as a UAE day, and the end of that day as the service keeps it. */
const expiryDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(
  new Date(Date.now() + 60 * 86_400_000),
);
const detail: MerchantOfferDetail = {
  ...offer,
  titleAr: 'خصم على العناية بالبشرة',
  expiresAt: new Date(`${expiryDay}T23:59:59+04:00`).toISOString(),
  fields: {
    title: offer.title,
    titleAr: 'خصم على العناية بالبشرة',
    description: 'Every cream and serum.',
    descriptionAr: 'كل الكريمات',
    businessCategory: 'beauty',
    offerType: 'discount',
    discountType: 'percentage',
    discountValue: 15,
    code: 'BLOOM15',
    referralLink: null,
    websiteLink: 'https://bloom.example/shop',
    expiresAt: new Date(`${expiryDay}T23:59:59+04:00`).toISOString(),
    discountRedemptionGuide: [
      { step: 1, instruction: 'Copy the code' },
      { step: 2, instruction: 'Paste it at checkout' },
    ],
    discountRedemptionGuideAr: [{ step: 1, instruction: 'انسخ الرمز' }],
    termsAndConditions: 'One use per student, online only.',
    termsAndConditionsAr: 'مرة واحدة لكل طالب، عبر الإنترنت فقط',
  },
};
const pending: OfferProposalAnswer = {
  id: 'p-1',
  brandId: 'b1',
  brandName: 'Desert Bloom',
  offerId: null,
  kind: 'new',
  status: 'pending',
  fields: {
    title: 'Buy one, get one',
    termsAndConditions: 'x',
    discountRedemptionGuide: [],
    businessCategory: 'beauty',
  },
  hasLogo: false,
  reason: null,
  proposedBy: 'm1',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
};

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('/merchant/proposals (issue 16)', () => {
  test('an edit starts from every field of the offer: sent unchanged, it proposes the offer as it is', async () => {
    const { sent } = stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/offers': { body: [offer] },
      [`GET /api/merchant/offers/${offer.id}`]: { body: detail },
      'GET /api/merchant/offer-proposals': { body: [pending] },
      'POST /api/merchant/offer-proposals': { status: 201, body: { ...pending, id: 'p-2', kind: 'edit' } },
    });
    renderApp(`/merchant/proposals?edit=${offer.id}`);
    const form = await screen.findByRole('form', { name: 'Offer proposal' });
    await screen.findByRole('heading', { level: 2, name: 'Propose an edit' });
    const valueOf = (label: RegExp) => (within(form).getByLabelText(label) as HTMLInputElement).value;
    expect(valueOf(/^Title \*?$/)).toBe(offer.title);
    expect(valueOf(/^Title \(Arabic/)).toBe(detail.fields.titleAr);
    expect(valueOf(/^Description \(optional/)).toBe('Every cream and serum.');
    expect(valueOf(/^Category/)).toBe('beauty');
    expect(valueOf(/^Discount value/)).toBe('15');
    expect(valueOf(/^Discount code/)).toBe('BLOOM15');
    expect(valueOf(/^Terms and conditions \*?$/)).toBe('One use per student, online only.');
    within(form).getByDisplayValue('Paste it at checkout');
    within(form).getByDisplayValue('انسخ الرمز');
    within(form).getByDisplayValue(expiryDay);
    within(screen.getByTestId('proposal')).getByText('Waiting for review');

    await userEvent.setup().click(within(form).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(sent('POST /api/merchant/offer-proposals')).toHaveLength(1));
    const body = sent('POST /api/merchant/offer-proposals')[0].body as FormData;
    const { fields } = detail;
    expect(Object.fromEntries([...body.entries()])).toEqual({
      offerId: offer.id,
      title: fields.title,
      titleAr: fields.titleAr,
      description: fields.description,
      descriptionAr: fields.descriptionAr,
      businessCategory: 'beauty',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: '15',
      code: 'BLOOM15',
      websiteLink: fields.websiteLink,
      expiresAt: `${expiryDay}T23:59:59+04:00`,
      discountRedemptionGuide: JSON.stringify(fields.discountRedemptionGuide),
      discountRedemptionGuideAr: JSON.stringify(fields.discountRedemptionGuideAr),
      termsAndConditions: fields.termsAndConditions,
      termsAndConditionsAr: fields.termsAndConditionsAr,
    });
    await findToast('Proposal Sent');
  });

  test('proposes a new offer as multipart, with the fields of its type only', async () => {
    const { sent } = stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/offers': { body: [offer] },
      'GET /api/merchant/offer-proposals': { body: [pending] },
      'POST /api/merchant/offer-proposals': { status: 201, body: { ...pending, id: 'p-2' } },
    });
    renderApp('/merchant/proposals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Propose a new offer' }));
    const form = await screen.findByRole('form', { name: 'Offer proposal' });
    await fill(user, within(form).getByLabelText(/^Title \*?$/), 'Buy one, get one');
    await user.click(within(form).getByRole('button', { name: 'Send proposal' }));
    await screen.findByText('Please select a category');
    expect(sent('POST /api/merchant/offer-proposals')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Category/), 'beauty');
    await fill(user, within(form).getByLabelText(/^Discount value/), '20');
    await fill(user, within(form).getAllByLabelText(/^Step 1 \*?$/)[0], 'Show the code at the till');
    await fill(
      user,
      within(form).getByLabelText(/^Terms and conditions \*?$/),
      'One use per student, in store only.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send proposal' }));

    await waitFor(() => expect(sent('POST /api/merchant/offer-proposals')).toHaveLength(1));
    const body = sent('POST /api/merchant/offer-proposals')[0].body as FormData;
    expect(Object.fromEntries([...body.entries()])).toEqual({
      title: 'Buy one, get one',
      businessCategory: 'beauty',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: '20',
      discountRedemptionGuide: JSON.stringify([{ step: 1, instruction: 'Show the code at the till' }]),
      termsAndConditions: 'One use per student, in store only.',
    });
    await findToast('Proposal Sent');
  });

  test('at 5 proposals waiting, proposing another is off and the page says why', async () => {
    const waiting = Array.from({ length: 5 }, (_, i) => ({ ...pending, id: `p-${i}` }));
    stubApi({
      'GET /api/auth/user': { body: { user: merchant } },
      'GET /api/merchant/offers': { body: [offer] },
      'GET /api/merchant/offer-proposals': { body: waiting },
    });
    renderApp('/merchant/proposals');
    await screen.findByText(
      "You have 5 proposals waiting for review, the most a brand may have at once. Withdraw one or wait for the team's decision before proposing another.",
    );
    expect(screen.getByRole('button', { name: 'Propose a new offer' })).toHaveProperty('disabled', true);
  });
});
