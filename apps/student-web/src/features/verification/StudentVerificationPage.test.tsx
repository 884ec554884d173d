import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { keptVerificationData } from './verification-data';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

function asStudent(routes: Record<string, StubRoute> = {}) {
  return stubApi({ 'GET /api/auth/user': { body: { user: studentUser('none') } }, ...routes });
}

async function submitStudentEmail(email: string) {
  const user = userEvent.setup();
  await fill(user, await screen.findByLabelText(/^Student Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
  return user;
}

describe('/student-verification', () => {
  test('a visitor is sent to /login first', async () => {
    stubApi();
    const { router } = renderApp('/student-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/student-verification', search: '', hash: '' },
    });
  });

  test('an invalid address shows the SPEC message and sends nothing', async () => {
    const { sent } = asStudent();
    renderApp('/student-verification');
    await submitStudentEmail('sara@');
    await screen.findByText('Please enter a valid student email address');
    expect(sent('POST /api/students/verify')).toHaveLength(0);
  });

  test('a code is sent: the SPEC payload, the toast, the kept data, and the OTP screen 1.5 s later', async () => {
    const { sent } = asStudent({
      'POST /api/students/verify': { body: { message: 'Verification code sent' } },
    });
    const { router } = renderApp('/student-verification');
    await submitStudentEmail('Sara.Ali@Students.UD.ac.ae');
    await findToast('Verification Code Sent!');
    expect(sent('POST /api/students/verify')[0].body).toEqual({
      email: 'Sara.Ali@Students.UD.ac.ae',
      personalEmail: 'sara@example.com',
      institution: 'students.ud.ac.ae',
      studentId: null,
    });
    expect(keptVerificationData.read()).toEqual({
      studentEmail: 'Sara.Ali@Students.UD.ac.ae',
      institution: 'students.ud.ac.ae',
      personalEmail: 'sara@example.com',
    });
    expect(router.state.location.pathname).toBe('/student-verification');
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp-verification'), { timeout: 2500 });
  });

  test('202: "Domain Not Recognized" with the server message and its two ways on', async () => {
    asStudent({
      'POST /api/students/verify': {
        status: 202,
        body: { message: 'We will review your enrollment by hand.' },
      },
    });
    renderApp('/student-verification');
    const user = await submitStudentEmail('sara@newcollege.ae');
    await screen.findByRole('heading', { level: 1, name: 'Domain Not Recognized' });
    screen.getByText('We will review your enrollment by hand.');
    expect(screen.getByRole('link', { name: 'Upload Documents Instead' }).getAttribute('href')).toBe(
      '/document-verification',
    );
    expect(keptVerificationData.read()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try Different Email' }));
    await screen.findByLabelText(/^Student Email/);
  });

  test('202 without a message: the default says enrollment will be verified manually', async () => {
    asStudent({ 'POST /api/students/verify': { status: 202, body: {} } });
    renderApp('/student-verification');
    await submitStudentEmail('sara@newcollege.ae');
    await screen.findByText(/our team will verify your enrollment manually/);
  });

  test('409: "Verification Failed" with the server message', async () => {
    asStudent({
      'POST /api/students/verify': {
        status: 409,
        body: { message: 'This student email is already verified on another account' },
      },
    });
    renderApp('/student-verification');
    await submitStudentEmail('sara@ud.ac.ae');
    await findToast('Verification Failed');
    screen.getByText('This student email is already verified on another account');
  });

  test('no answer: "Verification Failed" with the SPEC default', async () => {
    asStudent({ 'POST /api/students/verify': 'network-error' });
    renderApp('/student-verification');
    await submitStudentEmail('sara@ud.ac.ae');
    await findToast('Please check your information and try again.');
  });

  test('the other ways: upload a document, or the support message; and back', async () => {
    asStudent();
    renderApp('/student-verification');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify another way' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose How to Verify' });
    expect(screen.getByRole('link', { name: 'Upload a Document' }).getAttribute('href')).toBe(
      '/document-verification',
    );
    await user.click(screen.getByRole('button', { name: 'Contact Support' }));
    const message = await screen.findByRole('status');
    expect(within(message).getByRole('link', { name: 'support@tullab.ae' }).getAttribute('href')).toBe(
      'mailto:support@tullab.ae',
    );
    await user.click(screen.getByRole('button', { name: 'Back to Email Verification' }));
    await screen.findByLabelText(/^Student Email/);
  });

  describe('the support form (SPEC §5/§8 signup-journey contact)', () => {
    async function openSupportForm(routes: Record<string, StubRoute> = {}) {
      const api = asStudent(routes);
      renderApp('/student-verification');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Verify another way' }));
      await user.click(await screen.findByRole('button', { name: 'Contact Support' }));
      await screen.findByRole('heading', { name: 'Message support' });
      return { ...api, user };
    }

    test('starts from the signed-in user; short names and message get the SPEC messages', async () => {
      const { user, sent } = await openSupportForm();
      expect(screen.getByLabelText<HTMLInputElement>(/^First Name/).value).toBe('Sara');
      expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('sara@example.com');
      await user.clear(screen.getByLabelText(/^First Name/));
      await fill(user, screen.getByLabelText(/^First Name/), 'S');
      await user.clear(screen.getByLabelText(/^Last Name/));
      await fill(user, screen.getByLabelText(/^Last Name/), 'A');
      await fill(user, screen.getByLabelText(/^Message/), 'Help me');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await screen.findByText('First name must be at least 2 characters');
      screen.getByText('Last name must be at least 2 characters');
      screen.getByText('Message must be at least 10 characters');
      expect(sent('POST /api/contact')).toHaveLength(0);
    });

    test('sent: "Message Sent Successfully!" and "Send Another Message"', async () => {
      const { user, sent } = await openSupportForm({
        'POST /api/contact': { status: 201, body: { message: 'ok' } },
      });
      await fill(user, screen.getByLabelText(/^Message/), 'I study at a new college in Sharjah.');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await screen.findByText('Message Sent Successfully!');
      expect(sent('POST /api/contact')[0].body).toEqual({
        firstName: 'Sara',
        lastName: 'Al Mansoori',
        email: 'sara@example.com',
        message: 'I study at a new college in Sharjah.',
      });
      await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
      await screen.findByRole('button', { name: 'Send Message' });
    });

    test('refused: "Failed to send message: " and the server message', async () => {
      const { user } = await openSupportForm({
        'POST /api/contact': { status: 429, body: { message: 'Too many messages. Please try again later.' } },
      });
      await fill(user, screen.getByLabelText(/^Message/), 'I study at a new college in Sharjah.');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await screen.findByText('Failed to send message: Too many messages. Please try again later.');
    });
  });

  test('the address tried last time is filled in', async () => {
    asStudent({ 'GET /api/students/verify': { body: { status: 'pending', studentEmail: 'sara@ud.ac.ae' } } });
    renderApp('/student-verification');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^Student Email/).value).toBe('sara@ud.ac.ae'),
    );
  });
});

describe('/student-verification in Arabic (issue 12)', () => {
  test('Arabic heading and message; the student e-mail is typed left to right', async () => {
    await i18n.changeLanguage('ar');
    const { sent } = asStudent();
    renderApp('/student-verification');
    await screen.findByRole('heading', { level: 1, name: 'تحقّق من صفتك كطالب' });
    const email = screen.getByLabelText(/^البريد الجامعي/);
    expect(email.getAttribute('dir')).toBe('ltr');
    const user = userEvent.setup();
    await fill(user, email, 'sara@');
    await user.click(screen.getByRole('button', { name: 'إرسال رمز التحقق' }));
    await screen.findByText('يرجى إدخال بريد جامعي صحيح');
    expect(sent('POST /api/students/verify')).toHaveLength(0);
  });

  test('a 202 without a message shows the Arabic manual-review text', async () => {
    await i18n.changeLanguage('ar');
    asStudent({ 'POST /api/students/verify': { status: 202, body: {} } });
    renderApp('/student-verification');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^البريد الجامعي/), 'sara@new-college.ae');
    await user.click(screen.getByRole('button', { name: 'إرسال رمز التحقق' }));
    await screen.findByRole('heading', { level: 1, name: 'لم نتعرّف على نطاق البريد' });
    screen.getByText(/سيتحقق فريقنا من قيدك الدراسي يدوياً/);
  });

  test('the other ways, in Arabic, keep the support address a link', async () => {
    await i18n.changeLanguage('ar');
    asStudent();
    renderApp('/student-verification');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تحقّق بطريقة أخرى' }));
    await screen.findByRole('heading', { level: 1, name: 'اختر طريقة التحقق' });
    await user.click(screen.getByRole('button', { name: 'التواصل مع الدعم' }));
    const message = screen.getByRole('status');
    expect(within(message).getByRole('link', { name: 'support@tullab.ae' }).getAttribute('href')).toBe(
      'mailto:support@tullab.ae',
    );
    expect(message.textContent).toMatch(/^راسلنا على support@tullab.ae/);
  });
});
