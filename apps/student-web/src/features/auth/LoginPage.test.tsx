import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderApp } from '../../testing/render';
import { pageLoad } from '@tullab/web-kit/components/SiteLink';
import { STORED_USER_KEY } from '@tullab/web-kit/session/stored-user';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText(/^email/i), email);
  await fill(user, screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login', () => {
  test('shows the SPEC §5 messages and sends nothing while the fields are invalid', async () => {
    const { sent } = stubApi();
    renderApp('/login');
    await fillIn('not-an-email', 'short');
    await screen.findByText('Please enter a valid email address');
    screen.getByText('Password must be at least 8 characters');
    expect(sent('POST /api/auth/login')).toHaveLength(0);
  });

  test('signs in: stores the returned user, says "Login Successful!" and goes home', async () => {
    const student = studentUser('active');
    const { sent } = stubApi({ 'POST /api/auth/login': { body: { user: student } } });
    const { router } = renderApp('/login');
    await fillIn(' sara@example.com ', 'correct-horse');
    await findToast('Login Successful!');
    expect(sent('POST /api/auth/login')[0].body).toEqual({
      email: 'sara@example.com',
      password: 'correct-horse',
    });
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? 'null')).toEqual(student);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  test('goes back to the page that sent the visitor here', async () => {
    stubApi({ 'POST /api/auth/login': { body: { user: studentUser() } } });
    const { router } = renderApp('/');
    await act(() =>
      router.navigate('/login', { state: { from: { pathname: '/dashboard', search: '', hash: '' } } }),
    );
    await fillIn('sara@example.com', 'correct-horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  test('"Login Failed" shows the server message', async () => {
    stubApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    const { router } = renderApp('/login');
    await fillIn('sara@example.com', 'wrong-password');
    await findToast('Login Failed');
    screen.getByText('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  test('"Login Failed" falls back to the SPEC text when no answer came', async () => {
    stubApi({ 'POST /api/auth/login': 'network-error' });
    renderApp('/login');
    await fillIn('sara@example.com', 'correct-horse');
    await findToast('Invalid email or password. Please try again.');
  });

  test('shows "Signing in..." on the disabled button while waiting', async () => {
    let answer: (value: unknown) => void = () => undefined;
    stubApi({
      'POST /api/auth/login': () =>
        new Promise((resolve) => {
          answer = resolve;
        }).then(() => ({ body: { user: studentUser() } })),
    });
    renderApp('/login');
    await fillIn('sara@example.com', 'correct-horse');
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Signing in...' })).disabled).toBe(
      true,
    );
    answer(null);
    await findToast('Login Successful!');
  });

  test('links to forgot password, sign up and home', async () => {
    stubApi();
    renderApp('/login');
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(within(main).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(within(main).getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});

describe('/login for a brand’s account (issue 16)', () => {
  test('a merchant who signs in at /login lands in the portal, the app of its own at /merchant (issue 29)', async () => {
    const merchant = studentUser('none', {
      id: 'm1',
      role: 'merchant',
      firstName: 'Huda',
      email: 'huda@bloom.ae',
    });
    let signedIn = false;
    stubApi({
      'GET /api/auth/user': () => (signedIn ? { body: { user: merchant } } : { status: 401, body: {} }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: { user: merchant } };
      },
    });
    const load = jest.spyOn(pageLoad, 'replace').mockImplementation(() => undefined);
    renderApp('/login');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Email/), 'huda@bloom.ae');
    await fill(user, screen.getByLabelText(/^Password/), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/merchant'));
  });
});

describe('/login in Arabic (issue 12)', () => {
  test('Arabic heading, labels and SPEC §5 messages; the e-mail is typed left to right', async () => {
    await i18n.changeLanguage('ar');
    const { sent } = stubApi();
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'أهلاً بعودتك' });
    const email = screen.getByLabelText(/^البريد الإلكتروني/);
    expect(email.getAttribute('dir')).toBe('ltr');
    const user = userEvent.setup();
    await fill(user, email, 'not-an-email');
    await fill(user, screen.getByLabelText(/^كلمة المرور/), 'short');
    screen.getByRole('button', { name: 'إظهار كلمة المرور' });
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await screen.findByText('يرجى إدخال بريد إلكتروني صحيح');
    screen.getByText('يجب ألا تقل كلمة المرور عن 8 أحرف');
    expect(sent('POST /api/auth/login')).toHaveLength(0);
  });

  test('"Login Failed" in Arabic, with the SPEC fallback text when no answer came', async () => {
    await i18n.changeLanguage('ar');
    stubApi({ 'POST /api/auth/login': 'network-error' });
    renderApp('/login');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^البريد الإلكتروني/), 'sara@example.com');
    await fill(user, screen.getByLabelText(/^كلمة المرور/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await findToast('تعذّر تسجيل الدخول');
    screen.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة. يرجى المحاولة مرة أخرى.');
  });
});
