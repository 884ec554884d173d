import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { stubApi, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { renderApp } from '../../testing/render';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => jest.restoreAllMocks());

const sentOk: StubRoute = { status: 202, body: { message: 'If an account exists, a code has been sent.' } };
const verifiedOk: StubRoute = { body: { message: 'Code verified' } };

async function toVerifyStep(routes: Record<string, StubRoute> = {}) {
  const api = stubApi({
    'POST /api/auth/forgot-password': sentOk,
    'POST /api/auth/verify-reset-otp': verifiedOk,
    ...routes,
  });
  const rendered = renderApp('/forgot-password');
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  await fill(user, screen.getByLabelText(/^Email/), 'sara@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByRole('heading', { level: 1, name: 'Verify Code' });
  return { ...api, ...rendered, user };
}

async function enterCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.paste(code);
}

async function toResetStep(routes: Record<string, StubRoute> = {}) {
  const context = await toVerifyStep(routes);
  await enterCode(context.user, '123456');
  await context.user.click(screen.getByRole('button', { name: 'Verify Code' }));
  await screen.findByRole('heading', { level: 1, name: 'New Password' });
  return context;
}

describe('/forgot-password', () => {
  test('step 1 "Reset Password": an invalid e-mail shows the SPEC message and sends nothing', async () => {
    const { sent } = stubApi();
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Email/), 'sara@');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByText('Please enter a valid email address');
    expect(sent('POST /api/auth/forgot-password')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  test('an accepted e-mail says "OTP Sent" with the server message and moves to "Verify Code"', async () => {
    const { sent } = await toVerifyStep();
    await findToast('OTP Sent');
    screen.getByText('If an account exists, a code has been sent.');
    expect(sent('POST /api/auth/forgot-password')[0].body).toEqual({ email: 'sara@example.com' });
  });

  test.each([
    [
      { status: 429, body: { message: 'Too many requests. Try again in a minute.' } },
      'Too many requests. Try again in a minute.',
    ],
    ['network-error' as const, 'Failed to send OTP. Please try again.'],
  ])('a failed send shows "Error" with %j', async (reply, text) => {
    stubApi({ 'POST /api/auth/forgot-password': reply });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Email/), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await findToast('Error');
    screen.getByText(text);
    screen.getByRole('heading', { level: 1, name: 'Reset Password' });
  });

  test('"Verify Code" is enabled only with six digits', async () => {
    const { user } = await toVerifyStep();
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify Code' });
    expect(verify.disabled).toBe(true);
    await enterCode(user, '12345');
    expect(verify.disabled).toBe(true);
    await user.keyboard('6');
    expect(verify.disabled).toBe(false);
  });

  test('an incomplete code says "OTP must be 6 digits" once the boxes are left', async () => {
    const { user } = await toVerifyStep();
    await enterCode(user, '123');
    await user.tab();
    await screen.findByText('OTP must be 6 digits');
  });

  test('a wrong code shows "Invalid OTP" with the server message and stays on the step', async () => {
    await toVerifyStep({
      'POST /api/auth/verify-reset-otp': { status: 400, body: { message: 'Invalid or expired code' } },
    }).then(async ({ user }) => {
      await enterCode(user, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    });
    await findToast('Invalid OTP');
    screen.getByText('Invalid or expired code');
    screen.getByRole('heading', { level: 1, name: 'Verify Code' });
  });

  test('no answer to the code check: "Failed to verify OTP. Please try again."', async () => {
    const { user } = await toVerifyStep({ 'POST /api/auth/verify-reset-otp': 'network-error' });
    await enterCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await findToast('Failed to verify OTP. Please try again.');
  });

  test('resend asks for a new code for the same e-mail and stays on the step', async () => {
    const { user, sent } = await toVerifyStep();
    await user.click(screen.getByRole('button', { name: 'Resend Verification Code' }));
    await findToast('Code Resent');
    screen.getByText('A new verification code has been sent to your email.');
    expect(sent('POST /api/auth/forgot-password').map((r) => r.body)).toEqual([
      { email: 'sara@example.com' },
      { email: 'sara@example.com' },
    ]);
    screen.getByRole('heading', { level: 1, name: 'Verify Code' });
  });

  test('a failed resend: "Failed to resend OTP. Please try again."', async () => {
    let calls = 0;
    const { user } = await toVerifyStep({
      'POST /api/auth/forgot-password': () => (++calls === 1 ? sentOk : 'network-error'),
    });
    await user.click(screen.getByRole('button', { name: 'Resend Verification Code' }));
    await findToast('Failed to resend OTP. Please try again.');
  });

  test('"Back to Email Verification" returns to the first step with the e-mail kept', async () => {
    const { user } = await toVerifyStep();
    await user.click(screen.getByRole('button', { name: 'Back to Email Verification' }));
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('sara@example.com');
  });

  test('the accepted code says "OTP Verified" and opens "New Password"; Back returns to "Verify Code"', async () => {
    const { user, sent } = await toResetStep();
    await findToast('OTP Verified');
    expect(sent('POST /api/auth/verify-reset-otp')[0].body).toEqual({
      email: 'sara@example.com',
      otp: '123456',
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify Code' });
  });

  test.each([
    ['short', 'short', 'Password must be at least 8 characters'],
    ['long-enough', 'short', 'Password must be at least 8 characters'],
    ['long-enough', 'different!', "Passwords don't match"],
  ])('new password "%s" / "%s" shows "%s"', async (password, confirmation, message) => {
    const { user, sent } = await toResetStep();
    await fill(user, screen.getByLabelText(/^New Password/), password);
    await fill(user, screen.getByLabelText(/^Confirm New Password/), confirmation);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(sent('POST /api/auth/reset-password')).toHaveLength(0);
  });

  test('a new password is saved: "Password Reset", then /login', async () => {
    const { user, sent, router } = await toResetStep({
      'POST /api/auth/reset-password': { body: { message: 'Your password has been reset. Please log in.' } },
    });
    await fill(user, screen.getByLabelText(/^New Password/), 'brand-new-pass');
    await fill(user, screen.getByLabelText(/^Confirm New Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await findToast('Password Reset');
    expect(sent('POST /api/auth/reset-password')[0].body).toEqual({
      email: 'sara@example.com',
      newPassword: 'brand-new-pass',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test.each([
    [{ status: 400, body: { message: 'Your reset session has expired' } }, 'Your reset session has expired'],
    ['network-error' as const, 'Failed to reset password. Please try again.'],
  ])('a failed reset shows "Error" with %j', async (reply, text) => {
    const { user } = await toResetStep({ 'POST /api/auth/reset-password': reply });
    await fill(user, screen.getByLabelText(/^New Password/), 'brand-new-pass');
    await fill(user, screen.getByLabelText(/^Confirm New Password/), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText(text);
    await findToast('Error');
  });
});

describe('/forgot-password in Arabic (issue 12)', () => {
  test('Arabic steps; the code boxes stay left to right', async () => {
    await i18n.changeLanguage('ar');
    stubApi({ 'POST /api/auth/forgot-password': sentOk });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'إعادة تعيين كلمة المرور' });
    await fill(user, screen.getByLabelText(/^البريد الإلكتروني/), 'sara@');
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    await screen.findByText('يرجى إدخال بريد إلكتروني صحيح');
    await user.clear(screen.getByLabelText(/^البريد الإلكتروني/));
    await fill(user, screen.getByLabelText(/^البريد الإلكتروني/), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    await screen.findByRole('heading', { level: 1, name: 'تأكيد الرمز' });
    await findToast('تم إرسال الرمز');
    const code = screen.getByRole('group', { name: 'رمز التحقق' });
    expect(code.getAttribute('dir')).toBe('ltr');
    within(code).getByRole('textbox', { name: 'الرقم 1 من 6' });
    screen.getByText('sara@example.com');
  });
});
