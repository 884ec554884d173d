import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, type StubReply, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { fill } from '@tullab/web-kit/testing/fill';

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs some URL for the picked file.
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:logo-preview', configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true });
});

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'desert-bloom.png', { type: 'image/png' });

async function openPage(reply: StubRoute = { status: 201, body: { id: 'app-1' } }) {
  const stub = stubApi({ 'POST /api/merchant-applications': reply });
  renderApp('/for-merchants');
  // The page's code arrives on demand: give it time on a busy machine.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Reach Verified Students Across the UAE' },
    { timeout: 5000 },
  );
  // A long form: checking CSS pointer-events up the tree on every click is slow in jsdom, and nothing here hides.
  return { ...stub, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

type User = ReturnType<typeof userEvent.setup>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);
/** A field by its label (required fields add ' *'); label queries stay quick on this long page. */
const field = (label: string) => screen.getByLabelText(startsWith(label));
/** Queries inside the form only: role queries over the whole long page are slow in jsdom. */
const inForm = () => within(screen.getByRole('form', { name: 'Merchant application' }));

/** Types into a field the way a hurried user does: click, paste. (Key by key is slow in jsdom for long texts.) */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const submit = (user: User) => user.click(inForm().getByRole('button', { name: 'Submit Application' }));

/** Fills every required field of a discount application. */
async function fillValid(user: User) {
  await user.upload(screen.getByLabelText('Upload logo'), logo);
  await enter(user, field('Brand name'), 'Desert Bloom');
  await user.selectOptions(field('Category'), 'Beauty');
  await enter(user, field('Business description'), 'Natural skincare made in Dubai.');
  await enter(user, field('Discount code'), 'TULLAB15');
  await enter(user, field('Discount value (%)'), '15');
  await enter(user, field('Step 1'), 'Add your products to the basket');
  await user.click(inForm().getByRole('button', { name: 'Add step' }));
  await enter(user, field('Step 2'), 'Enter the code at checkout');
  await enter(user, field('Terms and conditions'), 'One use per student, online only.');
  await enter(user, field('Contact name'), 'Mariam Khalid');
  await enter(user, field('Contact email'), 'partners@desertbloom.ae');
}

describe('/for-merchants', () => {
  test("has the hero, 'What you get' with four benefits, and the form", async () => {
    await openPage();
    const benefits = screen.getByRole('heading', { level: 2, name: 'What you get' }).closest('section');
    expect(within(benefits as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
    screen.getByRole('heading', { level: 2, name: 'Apply to list your offer' });
    within(screen.getByRole('main')).getByRole('link', { name: 'Join as a Merchant' });
  });

  test('an empty submission shows the SPEC §5 messages and sends nothing', async () => {
    const { user, spy } = await openPage();
    await submit(user);
    for (const message of [
      'Logo picture is required',
      'Brand name must be at least 2 characters',
      'Please select a category',
      'Business description must be at least 10 characters',
      'Please fill in all required fields for your selected offer type',
      'Please fill in all required fields',
      'Each redemption step needs an instruction',
      'Please provide terms and conditions',
      'Please enter a valid email address',
      'Contact name must be at least 2 characters',
    ]) {
      await screen.findByText(message);
    }
    expect(spy.mock.calls.filter(([url]) => String(url).includes('merchant-applications'))).toHaveLength(0);
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
  });

  test('switching to a referral offer swaps the discount fields for the referral link', async () => {
    const { user } = await openPage();
    await user.click(inForm().getByRole('radio', { name: /^Referral/ }));
    expect(screen.queryByLabelText(startsWith('Discount code'))).toBeNull();
    expect(screen.queryByLabelText(startsWith('Discount type'))).toBeNull();
    await submit(user);
    const link = field('Referral link');
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    screen.getByText('Please fill in all required fields for your selected offer type');
  });

  test('free shipping needs no value; an expiry date appears with its checkbox', async () => {
    const { user } = await openPage();
    await user.selectOptions(field('Discount type'), 'Free shipping');
    expect(screen.queryByLabelText(/^Discount value/)).toBeNull();
    await user.selectOptions(field('Discount type'), `Fixed amount (AED)`);
    field('Discount value (AED)');
    expect(screen.queryByLabelText(/^Expiry date/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'This offer has an expiry date' }));
    screen.getByLabelText(/^Expiry date/);
  });

  test('steps are added and removed and always numbered from 1; none left is an error', async () => {
    const { user } = await openPage();
    await user.click(inForm().getByRole('button', { name: 'Add step' }));
    await user.click(inForm().getByRole('button', { name: 'Add step' }));
    expect(document.activeElement).toBe(field('Step 3'));
    await fill(user, field('Step 2'), 'middle');
    await user.click(inForm().getByRole('button', { name: 'Remove step 1' }));
    expect((field('Step 1') as HTMLTextAreaElement).value).toBe('middle');
    expect(screen.queryByLabelText(startsWith('Step 3'))).toBeNull();
    await user.click(inForm().getByRole('button', { name: 'Remove step 2' }));
    await user.click(inForm().getByRole('button', { name: 'Remove step 1' }));
    expect(document.activeElement).toBe(inForm().getByRole('button', { name: 'Add step' }));
    await submit(user);
    await screen.findByText('At least one redemption step is required');
  });

  test("a complete application is posted as multipart, says 'Sending...' meanwhile, then shows the success screen", async () => {
    let answer: (reply: StubReply) => void = () => undefined;
    const { user, spy } = await openPage(() => new Promise<StubReply>((resolve) => (answer = resolve)));
    await fillValid(user);
    screen.getByRole('img', { name: 'Logo preview' });
    await submit(user);

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    const [url, init] = spy.mock.calls.find(([u]) => String(u).includes('merchant-applications')) ?? [];
    expect(url).toBe('/api/merchant-applications');
    expect(init?.method).toBe('POST');
    const form = init?.body as FormData;
    expect(form.get('logoFile')).toBe(logo);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'logoFile'))).toEqual({
      brandName: 'Desert Bloom',
      brandCategory: 'beauty',
      businessDescription: 'Natural skincare made in Dubai.',
      offerType: 'discount',
      discountCode: 'TULLAB15',
      discountType: 'percentage',
      discountValue: '15',
      hasExpiry: 'false',
      discountRedemptionGuide: JSON.stringify([
        { step: 1, instruction: 'Add your products to the basket' },
        { step: 2, instruction: 'Enter the code at checkout' },
      ]),
      termsAndConditions: 'One use per student, online only.',
      contactEmail: 'partners@desertbloom.ae',
      contactName: 'Mariam Khalid',
    });

    answer({ status: 201, body: { id: 'app-1' } });
    const done = await screen.findByRole('heading', { name: 'Application Received!' });
    expect(document.activeElement).toBe(done);
    screen.getByText(/partners@desertbloom\.ae/);
    await user.click(screen.getByRole('button', { name: 'Submit another application' }));
    expect((field('Brand name') as HTMLInputElement).value).toBe('');
  });

  test("the server's field messages appear on the fields, its message in a toast", async () => {
    const { user } = await openPage({
      status: 400,
      body: {
        message: 'Please enter a valid website URL',
        errors: {
          brandName: 'An application for this brand is already being reviewed',
          'discountRedemptionGuide.1.instruction': 'Step instructions must be under 300 characters',
        },
      },
    });
    await fillValid(user);
    await submit(user);
    await screen.findByText('An application for this brand is already being reviewed');
    screen.getByText('Step instructions must be under 300 characters');
    screen.getByText('Application Not Sent');
    expect(screen.queryByRole('heading', { name: 'Application Received!' })).toBeNull();
  });
});

describe('/for-merchants Arabic texts (issue 12)', () => {
  test("the server's field messages are in Arabic where it names their rules (docs/errors.md)", async () => {
    const { user } = await openPage({
      status: 400,
      body: {
        message: 'Please enter a valid website URL',
        code: 'validation_failed',
        errors: {
          websiteLink: 'Please enter a valid website URL',
          brandName: 'An application for this brand is already being reviewed',
        },
        keys: { websiteLink: 'offerRules:websiteLink' },
      },
    });
    await fillValid(user);
    await act(() => i18n.changeLanguage('ar'));
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    // on the field (the toast shows the server's message as it is)
    await screen.findByText('أدخل رابط موقع صحيحًا');
    // a field refused by no declared rule keeps the server's words
    screen.getByText('An application for this brand is already being reviewed');
  });

  test('the optional Arabic fields are typed right to left and posted when filled', async () => {
    const { user, spy } = await openPage();
    const description = field('Business description (Arabic, optional)');
    expect(description.getAttribute('dir')).toBe('rtl');
    expect(description.getAttribute('lang')).toBe('ar');
    expect(field('Step 1 (Arabic)').getAttribute('dir')).toBe('rtl');
    expect(field('Contact email').getAttribute('dir')).toBe('ltr');
    expect(field('Contact phone (optional)').getAttribute('dir')).toBe('ltr');
    await fillValid(user);
    await enter(user, description, 'منتجات عناية طبيعية من دبي');
    await user.click(inForm().getByRole('button', { name: 'Add Arabic step' }));
    await enter(user, field('Step 2 (Arabic)'), 'أدخل الكود عند الدفع');
    await enter(user, field('Terms and conditions (Arabic, optional)'), 'استخدام واحد لكل طالب.');
    await submit(user);

    await screen.findByRole('heading', { name: 'Application Received!' });
    const [, init] = spy.mock.calls.find(([u]) => String(u).includes('merchant-applications')) ?? [];
    const form = init?.body as FormData;
    expect(form.get('businessDescriptionAr')).toBe('منتجات عناية طبيعية من دبي');
    expect(form.get('discountRedemptionGuideAr')).toBe(
      JSON.stringify([{ step: 1, instruction: 'أدخل الكود عند الدفع' }]),
    );
    expect(form.get('termsAndConditionsAr')).toBe('استخدام واحد لكل طالب.');
  });

  test('in Arabic: the page, the form and its messages', async () => {
    await i18n.changeLanguage('ar');
    stubApi();
    renderApp('/for-merchants');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'وصّل عروضك إلى طلاب موثّقين في كل أنحاء الإمارات' },
      { timeout: 5000 },
    );
    screen.getByRole('heading', { level: 2, name: 'ماذا ستحصل عليه' });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const form = within(screen.getByRole('form', { name: 'طلب الانضمام كتاجر' }));
    form.getByRole('option', { name: 'الجمال' });
    await user.click(form.getByRole('button', { name: 'إرسال الطلب' }));
    await screen.findByText('شعار العلامة التجارية مطلوب');
    screen.getByText('يجب أن يتكوّن اسم العلامة التجارية من حرفين على الأقل');
    screen.getByText('املأ جميع الحقول المطلوبة لنوع العرض الذي اخترته');
  });
});
