import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill } from '@tullab/web-kit/testing/fill';
import { offer } from '../../testing/fixtures';
import { renderConsole } from '../../testing/render-console';
import { listReply } from '../../testing/stub-api';
import { logoMessages } from './LogoInput';
import type { OfferRecord } from './types';
import { offerMessages } from './validation';

afterEach(() => jest.restoreAllMocks());

const existing = offer();
const ID = existing.id;

function editRoutes(record: OfferRecord = existing) {
  return {
    [`GET /api/admin/offers/${ID}`]: { body: record },
    [`PUT /api/admin/offers/${ID}`]: ({ body }: { body: unknown }) => ({
      body: { ...record, ...(body as object) },
    }),
    [`POST /api/admin/offers/${ID}/logo`]: { body: { ...record, logoUrl: `/api/offers/${ID}/logo?v=2` } },
    'GET /api/admin/offers': listReply('offers', [record]),
  };
}

const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save' }));

async function replace(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (text) await fill(user, field, text);
}

describe('offer form', () => {
  test('edits every field and saves the whole offer as JSON', async () => {
    const { sent } = renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    await replace(user, /^Title\s\*/, 'Flowers for exam week');
    await replace(user, /^Discount \(%\)/, '15');
    await save(user);
    await waitFor(() => expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(1));
    const body = sent(`PUT /api/admin/offers/${ID}`)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Flowers for exam week',
      discountValue: 15,
      brandName: existing.brandName,
      offerType: 'discount',
      discountType: 'percentage',
      code: existing.code,
      discountRedemptionGuide: existing.discountRedemptionGuide,
      termsAndConditions: existing.termsAndConditions,
      maxRedemptionsPerStudent: 1,
    });
    expect(body).not.toHaveProperty('logoFile');
    expect(sent(`POST /api/admin/offers/${ID}/logo`)).toHaveLength(0);
  });

  test('the live card preview follows the form, as students would see the card', async () => {
    renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup();
    const preview = (await screen.findByText('Card preview, as students see it')).closest('figure')!;
    within(preview).getByText('20%');
    within(preview).getByText('OFF');
    await user.click(screen.getByLabelText(/^Discount type/));
    await user.click(await screen.findByRole('option', { name: 'Free shipping' }));
    await within(preview).findByText('FREE');
    within(preview).getByText('SHIPPING');
    await user.click(screen.getByLabelText('Referral'));
    await within(preview).findByText('Offer');
  });

  test('shows the SPEC §5 messages and saves nothing while fields are invalid', async () => {
    const { sent } = renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    await replace(user, /^Brand name/, 'D');
    await replace(user, /^Business description/, 'Too short');
    await replace(user, /^Terms and conditions\s\*/, 'Short');
    await replace(user, /^Website/, 'not a url');
    await replace(user, /^Discount \(%\)/, '150');
    await replace(user, /^Discount code/, '');
    await save(user);
    await screen.findByText('Brand name must be at least 2 characters');
    screen.getByText('Business description must be at least 10 characters');
    screen.getByText('Please provide terms and conditions');
    screen.getByText(offerMessages.websiteLink);
    screen.getByText(offerMessages.percentage);
    screen.getByText(offerMessages.requiredForType);
    expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(0);
  });

  test('a referral offer needs its link; an offer with a code pool needs no code of its own', async () => {
    const { sent } = renderConsole(`/offers/${ID}`, editRoutes(offer({ codesTotal: 50, codesLeft: 20 })));
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    await replace(user, /^Discount code/, '');
    await user.click(screen.getByLabelText('Referral'));
    await save(user);
    await screen.findByText(offerMessages.requiredForType);
    await replace(user, /^Referral link/, 'ftp://brand.ae');
    await save(user);
    await screen.findByText(offerMessages.referralLink);
    await user.click(screen.getByLabelText('Discount'));
    await save(user);
    await waitFor(() => expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(1));
    expect(sent(`PUT /api/admin/offers/${ID}`)[0].body).toMatchObject({ offerType: 'discount', code: null });
  });

  test('at least one redemption step, each with an instruction', async () => {
    const { sent } = renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    // the English guide's button (the Arabic guide has its own)
    await user.click(screen.getAllByRole('button', { name: /add/i })[0]);
    await save(user);
    await screen.findByText(offerMessages.step);
    await user.click(screen.getAllByRole('button', { name: /remove/i })[1]);
    await user.click(screen.getAllByRole('button', { name: /remove/i })[0]);
    await save(user);
    await screen.findByText(offerMessages.guideRequired);
    expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(0);
  });

  test('a new logo is checked, previewed, and uploaded as multipart after the fields are saved', async () => {
    const { sent, location } = renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByDisplayValue(existing.title);
    const input = screen.getByLabelText('Logo') as HTMLInputElement;

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await save(user);
    await screen.findByText(logoMessages.type);
    expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(0);

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(input, logo);
    const previews = screen.getAllByRole('img', { name: 'Desert Bloom logo' });
    expect(previews.every((img) => img.getAttribute('src')?.startsWith('blob:'))).toBe(true);
    await save(user);
    await waitFor(() => expect(sent(`POST /api/admin/offers/${ID}/logo`)).toHaveLength(1));
    expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(1);
    expect((sent(`POST /api/admin/offers/${ID}/logo`)[0].body as FormData).get('logoFile')).toBe(logo);
    await waitFor(() => expect(location().pathname).toBe(`/offers/${ID}/show`));
  });

  test('a field error from the server is shown on its field', async () => {
    renderConsole(`/offers/${ID}`, {
      ...editRoutes(),
      [`PUT /api/admin/offers/${ID}`]: {
        status: 400,
        body: {
          message: 'Codes are at most 64 characters',
          errors: { code: 'Codes are at most 64 characters' },
        },
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    await replace(user, /^Discount code/, 'A'.repeat(64));
    await save(user);
    const code = screen.getByLabelText(/^Discount code/);
    await waitFor(() =>
      expect(code.closest('.MuiFormControl-root')?.textContent).toContain('Codes are at most 64 characters'),
    );
  });

  test('a new offer starts as a discount draft with one step, and goes to its edit page to add the logo', async () => {
    const created = offer({ id: 'd1d2d3d4-e5e6-4f7f-8a8a-b9b0c1c2d3d4', status: 'draft' });
    const { sent, location } = renderConsole('/offers/create', {
      'POST /api/admin/offers': { status: 201, body: created },
      [`GET /api/admin/offers/${created.id}`]: { body: created },
    });
    const user = userEvent.setup();
    await screen.findByText('You can add the logo once the offer is saved.');
    await replace(user, /^Brand name/, 'Desert Bloom');
    await user.click(screen.getByLabelText(/^Category/));
    await user.click(await screen.findByRole('option', { name: 'Retail' }));
    await replace(user, /^Business description/, 'Flowers and gifts delivered across Dubai.');
    await replace(user, /^Title\s\*/, '20% off for students');
    await replace(user, /^Discount code/, 'TLBBLOOM20');
    await replace(user, /^Discount \(%\)/, '20');
    await replace(user, /^Instruction\s\*/, 'Copy the code and use it at checkout.');
    await replace(user, /^Terms and conditions\s\*/, 'One code per student. Not combinable.');
    await save(user);
    await waitFor(() => expect(sent('POST /api/admin/offers')).toHaveLength(1));
    expect(sent('POST /api/admin/offers')[0].body).toMatchObject({
      brandName: 'Desert Bloom',
      businessCategory: 'Retail',
      offerType: 'discount',
      discountType: 'percentage',
      discountValue: 20,
      code: 'TLBBLOOM20',
      status: 'draft',
      maxRedemptionsPerStudent: 1,
      discountRedemptionGuide: [{ instruction: 'Copy the code and use it at checkout.' }],
    });
    await waitFor(() => expect(location().pathname).toBe(`/offers/${created.id}`));
  });
});

describe('offer form in English and Arabic (issue 12)', () => {
  const arabicInput = (label: string) => {
    const input = screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
    expect(input.getAttribute('dir')).toBe('rtl');
    expect(input.getAttribute('lang')).toBe('ar');
    return input;
  };

  test('each text has its Arabic input beside it, right to left; they are saved with the offer', async () => {
    const { sent } = renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    for (const [english, arabic] of [
      [/^Title\s\*/, 'Title (Arabic)'],
      [/^Description/, 'Description (Arabic)'],
      [/^Terms and conditions\s\*/, 'Terms and conditions (Arabic)'],
    ] as const) {
      // side by side: the two inputs are cells of one grid (two columns on wide screens, stacked on narrow ones)
      const cell = (input: HTMLElement) => input.closest('.MuiFormControl-root')!.parentElement;
      expect(cell(arabicInput(arabic))).toBe(cell(screen.getAllByLabelText(english)[0]));
    }
    await replace(user, 'Title (Arabic)', 'خصم ٢٠٪ للطلاب');
    await replace(user, 'Description (Arabic)', 'زهور طازجة بأسعار أقل');
    await replace(user, 'Terms and conditions (Arabic)', 'رمز واحد لكل طالب، لا يجمع مع عروض أخرى.');
    await user.click(screen.getAllByRole('button', { name: /add/i })[1]);
    await replace(user, /^Instruction \(Arabic\)/, 'انسخ الرمز واستخدمه عند الدفع.');
    arabicInput('Instruction (Arabic)');
    await save(user);
    await waitFor(() => expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(1));
    expect(sent(`PUT /api/admin/offers/${ID}`)[0].body).toMatchObject({
      title: existing.title,
      titleAr: 'خصم ٢٠٪ للطلاب',
      descriptionAr: 'زهور طازجة بأسعار أقل',
      termsAndConditionsAr: 'رمز واحد لكل طالب، لا يجمع مع عروض أخرى.',
      discountRedemptionGuideAr: [{ instruction: 'انسخ الرمز واستخدمه عند الدفع.' }],
      discountRedemptionGuide: existing.discountRedemptionGuide,
    });
  });

  test('the Arabic texts are optional, with the lengths of the English ones once given', async () => {
    const { sent } = renderConsole(`/offers/${ID}`, editRoutes());
    const user = userEvent.setup();
    await screen.findByDisplayValue(existing.title);
    await replace(user, 'Title (Arabic)', 'ع');
    await replace(user, 'Terms and conditions (Arabic)', 'قصير');
    await save(user);
    await screen.findByText('Title (Arabic) must be at least 2 characters');
    screen.getByText('Terms and conditions (Arabic) must be at least 10 characters');
    expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(0);
    await replace(user, 'Title (Arabic)', '');
    await replace(user, 'Terms and conditions (Arabic)', '');
    await save(user);
    await waitFor(() => expect(sent(`PUT /api/admin/offers/${ID}`)).toHaveLength(1));
  });

  test('the card preview shows either language; an empty Arabic text falls back to the English one', async () => {
    renderConsole(`/offers/${ID}`, editRoutes(offer({ titleAr: 'خصم ٢٠٪ للطلاب', descriptionAr: null })));
    const user = userEvent.setup();
    const preview = (await screen.findByText('Card preview, as students see it')).closest('figure')!;
    within(preview).getByText(existing.title);
    await user.click(within(preview).getByRole('button', { name: 'Arabic' }));
    within(preview).getByText('خصم ٢٠٪ للطلاب');
    within(preview).getByText(existing.description!);
    expect(within(preview).getByText('خصم ٢٠٪ للطلاب').closest('[dir="rtl"]')?.getAttribute('lang')).toBe(
      'ar',
    );
    await replace(user, 'Description (Arabic)', 'زهور طازجة بأسعار أقل');
    await within(preview).findByText('زهور طازجة بأسعار أقل');
    await replace(user, 'Title (Arabic)', '');
    await within(preview).findByText(existing.title);
    await user.click(within(preview).getByRole('button', { name: 'English' }));
    within(preview).getByText(existing.description!);
  });
});
