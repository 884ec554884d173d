import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, studentUser } from '@tullab/web-kit/testing/stub-api';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderApp } from '../../testing/render';
import { fill } from '@tullab/web-kit/testing/fill';

const merchant = studentUser('none', {
  id: 'm1',
  role: 'merchant',
  firstName: 'Huda',
  email: 'huda@bloom.ae',
});
const brand = { id: 'b1', name: 'Desert Bloom', contactEmail: 'huda@bloom.ae' };

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

async function submitPasswords(password: string, confirmation: string) {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText(/^Password/), password);
  if (confirmation) await fill(user, screen.getByLabelText(/^Confirm Password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('/merchant/accept-invitation (issue 16)', () => {
  test.each([
    ['short', 'short', 'Password must be at least 8 characters'],
    ['long-enough', '', 'Please confirm your password'],
    ['long-enough', 'different!', "Passwords don't match"],
  ])('"%s" / "%s" shows "%s" and sends nothing', async (password, confirmation, message) => {
    const { sent } = stubApi();
    renderApp('/merchant/accept-invitation?token=tok-123');
    await submitPasswords(password, confirmation);
    await screen.findByText(message);
    expect(sent('POST /api/auth/accept-merchant-invitation')).toHaveLength(0);
  });

  test('shows the registration’s password rule under the field', async () => {
    stubApi();
    renderApp('/merchant/accept-invitation?token=tok-123');
    await screen.findByText('At least 8 characters');
  });

  test('a link without its token says so and offers no form', async () => {
    stubApi();
    renderApp('/merchant/accept-invitation');
    expect((await screen.findByTestId('invitation-no-token')).textContent).toContain('72 hours');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  test('sends the token and the password, which signs in, then lands on /merchant', async () => {
    let signedIn = false;
    const { sent } = stubApi({
      'POST /api/auth/accept-merchant-invitation': () => {
        signedIn = true;
        return { body: { user: merchant } };
      },
      'GET /api/auth/user': () => (signedIn ? { body: { user: merchant } } : { status: 401, body: {} }),
      'GET /api/merchant/brand': { body: brand },
      'GET /api/merchant/offers': { body: [] },
    });
    const { router } = renderApp('/merchant/accept-invitation?token=tok-123');
    await submitPasswords('a-long-password', 'a-long-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant'));
    expect(sent('POST /api/auth/accept-merchant-invitation')[0].body).toEqual({
      token: 'tok-123',
      password: 'a-long-password',
    });
    await findToast('Welcome to Tullab!');
    await waitFor(() => expect(screen.getByTestId('merchant-brand-name').textContent).toBe('Desert Bloom'));
  });

  test('a refused link says so in the page’s language, by the answer’s code', async () => {
    stubApi({
      'POST /api/auth/accept-merchant-invitation': {
        status: 400,
        body: { message: 'This invitation link is invalid or has expired', code: 'invitation_invalid' },
      },
    });
    const { router } = renderApp('/merchant/accept-invitation?token=old');
    await submitPasswords('a-long-password', 'a-long-password');
    await findToast('This invitation link is invalid or has expired. Ask a colleague to send it again.');
    expect(router.state.location.pathname).toBe('/merchant/accept-invitation');
  });

  test('an address that became an account meanwhile: the invitation has ended, said in English and in Arabic (T24)', async () => {
    stubApi({
      'POST /api/auth/accept-merchant-invitation': {
        status: 409,
        body: {
          message:
            'This e-mail address already has a Tullab account, so this invitation can no longer be used.',
          code: 'invitation_email_taken',
        },
      },
    });
    const english = renderApp('/merchant/accept-invitation?token=tok-123');
    await submitPasswords('a-long-password', 'a-long-password');
    await findToast(
      'This e-mail address already has a Tullab account, so this invitation can no longer be used. Ask your brand to invite another address.',
    );
    expect(english.router.state.location.pathname).toBe('/merchant/accept-invitation');
    english.unmount();

    await i18n.changeLanguage('ar');
    renderApp('/merchant/accept-invitation?token=tok-123');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^كلمة المرور/), 'a-long-password');
    await fill(user, screen.getByLabelText(/^تأكيد كلمة المرور/), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'تعيين كلمة المرور وتسجيل الدخول' }));
    await findToast(
      'لهذا البريد الإلكتروني حساب على Tullab بالفعل، لذا لم يعد بالإمكان استخدام هذه الدعوة. اطلب من علامتك التجارية دعوة عنوان آخر.',
    );
  });
});

describe('who may enter /merchant', () => {
  test('a visitor goes to the partner sign-in, and back to the page after signing in', async () => {
    let signedIn = false;
    const { sent } = stubApi({
      'GET /api/auth/user': () => (signedIn ? { body: { user: merchant } } : { status: 401, body: {} }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: { user: merchant } };
      },
      'GET /api/merchant/brand': { body: brand },
      'GET /api/merchant/colleagues': { body: [] },
    });
    const { router } = renderApp('/merchant/team');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/sign-in'));
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Email/), 'huda@bloom.ae');
    await fill(user, screen.getByLabelText(/^Password/), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/team'));
    expect(sent('POST /api/auth/login')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1, name: 'Team' });
  });

  test('a student is told the area is for partner brands, and nothing of a brand is asked', async () => {
    const { sent } = stubApi({ 'GET /api/auth/user': { body: { user: studentUser('active') } } });
    renderApp('/merchant');
    await screen.findByRole('heading', { level: 1, name: 'This area is for partner brands' });
    expect(sent('GET /api/merchant/brand')).toHaveLength(0);
  });
});
