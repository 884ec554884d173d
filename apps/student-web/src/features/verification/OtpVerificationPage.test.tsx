import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { readStoredUser } from '@tullab/web-kit/session/stored-user';
import { keptVerificationData } from './verification-data';

const kept = { studentEmail: 'sara@ud.ac.ae', institution: 'ud.ac.ae', personalEmail: 'sara@example.com' };

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

function asStudent(routes: Record<string, StubRoute> = {}) {
  return stubApi({ 'GET /api/auth/user': { body: { user: studentUser('none') } }, ...routes });
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
  if (code) await user.paste(code);
  return user;
}

describe('/otp-verification', () => {
  test.each([
    ['nothing kept', null],
    ['no institution', { ...kept, institution: '' }],
    ['no personal e-mail', { ...kept, personalEmail: '' }],
  ])('%s: goes to /student-verification', async (_case, data) => {
    asStudent();
    if (data) keptVerificationData.write(data);
    const { router } = renderApp('/otp-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-verification'));
  });

  test('"Verify Code" stays disabled until six digits are in', async () => {
    asStudent();
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    await screen.findByText('sara@ud.ac.ae');
    await enterCode('12345');
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify Code' });
    expect(verify.disabled).toBe(true);
    await userEvent.setup().keyboard('6');
    expect(verify.disabled).toBe(false);
  });

  test('Enter with an incomplete code: "Invalid Code" and nothing is sent', async () => {
    const { sent } = asStudent();
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    const user = await enterCode('123');
    await user.keyboard('{Enter}');
    await findToast('Invalid Code');
    screen.getByText('Please enter the complete 6-digit verification code.');
    expect(sent('POST /api/students/verify-otp')).toHaveLength(0);
  });

  test('the right code: the user is stored, caches refreshed, data cleared, "Student Status Verified!", home after 2 s', async () => {
    const verified = studentUser('active', {
      verification: {
        status: 'active',
        studentEmail: 'sara@ud.ac.ae',
        verifiedAt: '2025-10-01T10:00:00.000Z',
      },
    });
    let isVerified = false;
    const { sent } = asStudent({
      'POST /api/students/verify-otp': () => {
        isVerified = true;
        return { body: { user: verified } };
      },
      'GET /api/auth/user': () => ({ body: { user: isVerified ? verified : studentUser('none') } }),
    });
    keptVerificationData.write(kept);
    const { router } = renderApp('/otp-verification');
    const user = await enterCode('482913');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await screen.findByRole('heading', { level: 1, name: 'Student Status Verified!' });
    expect(sent('POST /api/students/verify-otp')[0].body).toEqual({
      email: 'sara@ud.ac.ae',
      personalEmail: 'sara@example.com',
      otp: '482913',
    });
    expect(readStoredUser()).toEqual(verified);
    expect(keptVerificationData.read()).toBeNull();
    await waitFor(() => expect(sent('GET /api/auth/user')).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/otp-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  test('a wrong code: "Verification Failed" with the SPEC text whatever the server says', async () => {
    asStudent({
      'POST /api/students/verify-otp': { status: 400, body: { message: 'Code expired or unknown' } },
    });
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    const user = await enterCode('000000');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await findToast('Verification Failed');
    screen.getByText('Invalid verification code. Please try again.');
    expect(screen.queryByText('Code expired or unknown')).toBeNull();
    expect(keptVerificationData.read()).toEqual(kept);
  });

  test('resend repeats the verify call without studentId: "Code Resent"', async () => {
    const { sent } = asStudent({ 'POST /api/students/verify': { body: { message: 'sent' } } });
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend Verification Code' }));
    await findToast('Code Resent');
    expect(sent('POST /api/students/verify')[0].body).toEqual({
      institution: 'ud.ac.ae',
      email: 'sara@ud.ac.ae',
      personalEmail: 'sara@example.com',
    });
  });

  test('a failed resend: "Resend Failed"', async () => {
    asStudent({ 'POST /api/students/verify': { status: 429, body: { message: 'Please wait a minute' } } });
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend Verification Code' }));
    await findToast('Resend Failed');
    screen.getByText('Failed to resend verification code. Please try again.');
  });

  test('links back to e-mail verification', async () => {
    asStudent();
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    expect(
      (await screen.findByRole('link', { name: 'Back to Email Verification' })).getAttribute('href'),
    ).toBe('/student-verification');
  });
});

describe('/otp-verification in Arabic (issue 12)', () => {
  test('Arabic heading; the code boxes stay left to right; an incomplete code gets the Arabic toast', async () => {
    await i18n.changeLanguage('ar');
    asStudent();
    keptVerificationData.write(kept);
    renderApp('/otp-verification');
    await screen.findByRole('heading', { level: 1, name: 'تأكيد بريدك الجامعي' });
    screen.getByText('sara@ud.ac.ae');
    expect(screen.getByRole('group', { name: 'رمز التحقق' }).getAttribute('dir')).toBe('ltr');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'الرقم 1 من 6' }));
    await user.paste('12345');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'تأكيد الرمز' }).disabled).toBe(true);
    screen.getByRole('button', { name: 'إعادة إرسال رمز التحقق' });
  });
});
