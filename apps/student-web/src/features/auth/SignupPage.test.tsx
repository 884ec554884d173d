import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { SIGNUP_DATA_KEY } from './signup-data';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

async function fillSignup(
  fields: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Phone Number', string>>,
) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Create Your Student Account' });
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    if (value) await fill(user, input, value);
  }
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('/signup', () => {
  test.each([
    ['First Name', 'A', 'First name must be at least 2 characters'],
    ['Last Name', 'B', 'Last name must be at least 2 characters'],
    ['Email', 'sara@', 'Please enter a valid email address'],
    ['Phone Number', '05012345', 'Phone number must be at least 10 digits'],
    ['Phone Number', '050-CALL-NOW', 'Please enter a valid phone number'],
  ] as const)('%s "%s" shows "%s"', async (label, value, message) => {
    stubApi();
    renderApp('/signup');
    await fillSignup({ [label]: value });
    await screen.findByText(message);
  });

  test('both marketing opt-ins start ticked, and the terms and privacy pages are linked', async () => {
    stubApi();
    renderApp('/signup');
    const email = await screen.findByRole<HTMLInputElement>('checkbox', { name: /by email/i });
    expect(email.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /whatsapp/i }).checked).toBe(true);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(within(main).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(screen.getByLabelText(/^Phone Number/).getAttribute('placeholder')).toMatch(/^\+971/);
  });

  test('keeps the details in the browser, sends nothing, and moves on to /create-password after the pause', async () => {
    const { requests } = stubApi();
    const { router } = renderApp('/signup');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Create Your Student Account' });
    await user.click(screen.getByRole('checkbox', { name: /whatsapp/i }));
    await fillSignup({
      'First Name': 'Sara',
      'Last Name': 'Al Mansoori',
      Email: 'sara@example.com',
      'Phone Number': '+971 (50) 123-4567',
    });
    await screen.findByRole('button', { name: 'Creating account...' });
    expect(router.state.location.pathname).toBe('/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-password'));
    expect(JSON.parse(localStorage.getItem(SIGNUP_DATA_KEY) ?? 'null')).toEqual({
      firstName: 'Sara',
      lastName: 'Al Mansoori',
      email: 'sara@example.com',
      phone: '+971 (50) 123-4567',
      emailMarketing: true,
      whatsappMarketing: false,
    });
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('/signup in Arabic (issue 12)', () => {
  test('Arabic heading, links and messages; e-mail and phone are typed left to right', async () => {
    await i18n.changeLanguage('ar');
    stubApi();
    renderApp('/signup');
    await screen.findByRole('heading', { level: 1, name: 'أنشئ حسابك الطلابي' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'شروط الخدمة' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(screen.getByLabelText(/^البريد الإلكتروني/).getAttribute('dir')).toBe('ltr');
    const phone = screen.getByLabelText(/^رقم الهاتف/);
    expect(phone.getAttribute('dir')).toBe('ltr');
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^الاسم الأول/), 'A');
    await fill(user, phone, '05012345');
    await user.click(screen.getByRole('button', { name: 'متابعة' }));
    await screen.findByText('يجب ألا يقل الاسم الأول عن حرفين');
    screen.getByText('يجب ألا يقل رقم الهاتف عن 10 أرقام');
  });
});
