import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderApp } from '../../testing/render';
import { keptSignupData, type SignupData } from './signup-data';
import { STORED_USER_KEY } from '@tullab/web-kit/session/stored-user';
import { fill } from '@tullab/web-kit/testing/fill';

const signup: SignupData = {
  firstName: 'Sara',
  lastName: 'Al Mansoori',
  email: 'sara@example.com',
  phone: '+971501234567',
  emailMarketing: true,
  whatsappMarketing: false,
};

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

async function submitPasswords(password: string, confirmation: string) {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText(/^Password/), password);
  await fill(user, screen.getByLabelText(/^Confirm Password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('/create-password', () => {
  test('without kept signup details, goes to /signup', async () => {
    stubApi();
    const { router } = renderApp('/create-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  test('shows the name and e-mail being registered', async () => {
    stubApi();
    keptSignupData.write(signup);
    renderApp('/create-password');
    await screen.findByText('Sara Al Mansoori');
    screen.getByText('sara@example.com');
  });

  test.each([
    ['short', 'short', 'Password must be at least 8 characters'],
    ['long-enough', 'short', 'Please confirm your password'],
    ['long-enough', 'different!', "Passwords don't match"],
  ])('"%s" / "%s" shows "%s"', async (password, confirmation, message) => {
    const { sent } = stubApi();
    keptSignupData.write(signup);
    renderApp('/create-password');
    await submitPasswords(password, confirmation);
    await screen.findByText(message);
    expect(sent('POST /api/auth/register')).toHaveLength(0);
  });

  test('each password field has a show/hide toggle', async () => {
    stubApi();
    keptSignupData.write(signup);
    renderApp('/create-password');
    const user = userEvent.setup();
    const field = await screen.findByLabelText<HTMLInputElement>(/^Password/);
    expect(field.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.type).toBe('password');
    screen.getByRole('button', { name: 'Show confirm password' });
  });

  test('registers as a student, asks for the user again and goes to /student-verification', async () => {
    const student = studentUser();
    let signedIn = false;
    const { sent } = stubApi({
      'POST /api/auth/register': () => {
        signedIn = true;
        return { status: 201, body: { user: student } };
      },
      'GET /api/auth/user': () => (signedIn ? { body: { user: student } } : { status: 401, body: {} }),
    });
    keptSignupData.write(signup);
    const { router } = renderApp('/create-password');
    await submitPasswords('correct-horse', 'correct-horse');
    await findToast('Account Created Successfully!');
    expect(sent('POST /api/auth/register')[0].body).toEqual({
      ...signup,
      password: 'correct-horse',
      role: 'student',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-verification'));
    await waitFor(() => expect(sent('GET /api/auth/user').length).toBeGreaterThanOrEqual(2));
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? 'null')).toEqual(student);
    expect(keptSignupData.read()).toBeNull();
  });

  test('"Registration Failed" shows the server message (e.g. the e-mail is taken)', async () => {
    stubApi({
      'POST /api/auth/register': {
        status: 409,
        body: { message: 'An account with this email already exists' },
      },
    });
    keptSignupData.write(signup);
    const { router } = renderApp('/create-password');
    await submitPasswords('correct-horse', 'correct-horse');
    await findToast('Registration Failed');
    screen.getByText('An account with this email already exists');
    expect(router.state.location.pathname).toBe('/create-password');
    expect(keptSignupData.read()).toEqual(signup);
  });

  test('"Registration Failed" falls back to the SPEC text', async () => {
    stubApi({ 'POST /api/auth/register': 'network-error' });
    keptSignupData.write(signup);
    renderApp('/create-password');
    await submitPasswords('correct-horse', 'correct-horse');
    await findToast('An error occurred during registration. Please try again.');
  });
});

describe('/create-password in Arabic (issue 12)', () => {
  test('Arabic heading, show/hide labels and the "must match" message', async () => {
    await i18n.changeLanguage('ar');
    stubApi();
    keptSignupData.write(signup);
    renderApp('/create-password');
    await screen.findByRole('heading', { level: 1, name: 'أنشئ كلمة المرور' });
    screen.getByRole('button', { name: 'إظهار كلمة المرور' });
    screen.getByRole('button', { name: 'إظهار تأكيد كلمة المرور' });
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText(/^كلمة المرور/), 'long-enough');
    await fill(user, screen.getByLabelText(/^تأكيد كلمة المرور/), 'different!');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await screen.findByText('كلمتا المرور غير متطابقتين');
  });
});
