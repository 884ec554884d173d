import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { findToast } from '@tullab/web-kit/testing/find-toast';
import { stubApi, studentUser, type StubRoute } from '@tullab/web-kit/testing/stub-api';
import { renderApp } from '../../testing/render';
import { storeUser } from '@tullab/web-kit/session/stored-user';
import type { StudentProfile } from './api';
import { fill } from '@tullab/web-kit/testing/fill';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

const profile: StudentProfile = {
  firstName: 'Sara',
  lastName: 'Al Mansoori',
  email: 'sara@example.com',
  phoneNumber: '+971501234567',
  emailMarketing: true,
  whatsappMarketing: false,
  status: 'pending',
  studentEmail: 'sara@ud.ac.ae',
  verifiedAt: null,
};

function asStudent(routes: Record<string, StubRoute> = {}) {
  return stubApi({
    'GET /api/auth/user': { body: { user: studentUser('pending') } },
    'GET /api/students/profile': { body: { student: profile } },
    ...routes,
  });
}

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const switchOf = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

describe('/dashboard', () => {
  test("at a shared computer after the previous student's session ended: the login notice, none of their details", async () => {
    storeUser(studentUser('active', { verification: { status: 'active', studentEmail: 'sara@uaeu.ac.ae' } }));
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Please log in to access your dashboard' });
    expect(screen.queryByText(/Sara|sara@|\+971|uaeu/)).toBeNull();
    expect(screen.queryByDisplayValue(/Sara|sara@|\+971/)).toBeNull();
    expect(localStorage.getItem('tullab_user')).toBeNull();
  });

  test('not logged in: "Please log in to access your dashboard" and Go to Login', async () => {
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Please log in to access your dashboard' });
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });

  test('not a student: "Dashboard is only available for students" and Go to Home', async () => {
    stubApi({ 'GET /api/auth/user': { body: { user: studentUser('none', { role: 'staff' }) } } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard is only available for students' });
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Go to Home' }).getAttribute('href'),
    ).toBe('/');
  });

  test('"Loading dashboard..." while the user is on its way', async () => {
    stubApi({ 'GET /api/auth/user': () => new Promise(() => undefined) });
    renderApp('/dashboard');
    await screen.findByText('Loading dashboard...');
  });

  test('shows the profile, the status card, the collapsed password card and the preferences', async () => {
    asStudent();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Back to Home' }).getAttribute('href'),
    ).toBe('/');
    expect(field(/^Full Name/).value).toBe('Sara Al Mansoori');
    expect(field(/^Email$/).value).toBe('sara@example.com');
    expect(field(/^Email$/).readOnly).toBe(true);
    screen.getByText('This email is used for logging in');
    expect(field(/^Phone Number/).value).toBe('+971501234567');
    const status = screen.getByRole('region', { name: 'Student Verification' });
    within(status).getByText('Pending');
    within(status).getByText('sara@ud.ac.ae');
    expect(within(status).getByRole('link', { name: 'Update Verification' }).getAttribute('href')).toBe(
      '/student-verification',
    );
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    expect(switchOf('Email Marketing').checked).toBe(true);
    expect(switchOf('WhatsApp Marketing').checked).toBe(false);
  });

  test('a profile without marketing fields counts as opted in', async () => {
    const { emailMarketing: _e, whatsappMarketing: _w, ...withoutMarketing } = profile;
    asStudent({ 'GET /api/students/profile': { body: { student: withoutMarketing } } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    expect(switchOf('Email Marketing').checked).toBe(true);
    expect(switchOf('WhatsApp Marketing').checked).toBe(true);
  });

  test('no profile yet (404): one is created as SPEC §4 says, then shown', async () => {
    let created = false;
    const { sent } = asStudent({
      'GET /api/students/profile': () =>
        created
          ? { body: { student: { ...profile, phoneNumber: null } } }
          : { status: 404, body: { message: 'Profile not found' } },
      'POST /api/students/profile': () => {
        created = true;
        return { status: 201, body: { student: { ...profile, phoneNumber: null } } };
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    expect(sent('POST /api/students/profile').map((r) => r.body)).toEqual([
      {
        firstName: 'Sara',
        lastName: 'Al Mansoori',
        email: 'sara@example.com',
        phoneNumber: '',
        emailMarketing: true,
        whatsappMarketing: true,
        status: 'pending',
      },
    ]);
    expect(field(/^Full Name/).value).toBe('Sara Al Mansoori');
  });

  test('a profile that fails to load is only logged; the form starts from the signed-in user', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    asStudent({ 'GET /api/students/profile': { status: 500, body: { message: 'Something went wrong' } } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    expect(field(/^Full Name/).value).toBe('Sara Al Mansoori');
    expect(errors).toHaveBeenCalledWith('Failed to load profile', expect.objectContaining({ status: 500 }));
  });

  test('Save Changes splits the full name at the first space and sends the SPEC payload', async () => {
    const { sent } = asStudent({ 'PATCH /api/students/profile': { body: { student: profile } } });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    await user.clear(field(/^Full Name/));
    await fill(user, field(/^Full Name/), 'Sara bint Khalid Al Mansoori');
    await user.clear(field(/^Phone Number/));
    await user.click(switchOf('WhatsApp Marketing'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Profile updated');
    screen.getByText('Your profile has been updated successfully.');
    expect(sent('PATCH /api/students/profile')[0].body).toEqual({
      firstName: 'Sara',
      lastName: 'bint Khalid Al Mansoori',
      email: 'sara@example.com',
      phoneNumber: null,
      emailMarketing: true,
      whatsappMarketing: true,
    });
  });

  test('a refused save: "Error" toast, and the server field message under the field', async () => {
    asStudent({
      'PATCH /api/students/profile': {
        status: 400,
        body: {
          message: 'Last name must be at least 2 characters',
          errors: { lastName: 'Last name must be at least 2 characters' },
        },
      },
    });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    await user.clear(field(/^Full Name/));
    await fill(user, field(/^Full Name/), 'Sara');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await findToast('Failed to update profile. Please try again.');
    await findToast('Error');
    screen.getByText('Last name must be at least 2 characters');
  });
});

describe('/dashboard Change Password', () => {
  async function openPasswordCard(routes: Record<string, StubRoute> = {}) {
    const api = asStudent(routes);
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    await screen.findByLabelText(/^Current Password/);
    return { ...api, user };
  }

  async function fillPasswords(
    user: ReturnType<typeof userEvent.setup>,
    current: string,
    next: string,
    confirm: string,
  ) {
    if (current) await fill(user, field(/^Current Password/), current);
    if (next) await fill(user, field(/^New Password/), next);
    if (confirm) await fill(user, field(/^Confirm New Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  test.each([
    ['', 'abcdef', 'abcdef', 'Missing Fields', 'Please fill in all password fields.'],
    ['old-pass', 'abcdef', 'abcdeg', 'Password Mismatch', 'New password and confirmation do not match.'],
    ['old-pass', 'abcde', 'abcde', 'Password Too Short', 'New password must be at least 6 characters long.'],
  ])('"%s" / "%s" / "%s": "%s"', async (current, next, confirm, title, message) => {
    const { user, sent } = await openPasswordCard();
    await fillPasswords(user, current, next, confirm);
    await findToast(title);
    screen.getByText(message);
    expect(sent('POST /api/students/change-password')).toHaveLength(0);
  });

  test('each field has a show/hide toggle, and Cancel closes the panel', async () => {
    const { user } = await openPasswordCard();
    screen.getByRole('button', { name: 'Show current password' });
    screen.getByRole('button', { name: 'Show new password' });
    screen.getByRole('button', { name: 'Show confirm new password' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Current Password/)).toBeNull());
  });

  test('a change is saved: "Password Changed", fields cleared, panel closed', async () => {
    const { user, sent } = await openPasswordCard({
      'POST /api/students/change-password': { body: { message: 'Password changed successfully' } },
    });
    await fillPasswords(user, 'old-password', 'brand-new-pass', 'brand-new-pass');
    await findToast('Password Changed');
    screen.getByText('Your password has been changed successfully.');
    expect(sent('POST /api/students/change-password')[0].body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'brand-new-pass',
    });
    await waitFor(() => expect(screen.queryByLabelText(/^Current Password/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Current Password/)).value).toBe('');
  });

  test.each([
    [{ status: 400, body: { message: 'Current password is incorrect' } }, 'Current password is incorrect'],
    ['network-error' as const, 'Failed to change password. Please try again.'],
  ])('a refused change: "Password Change Failed" with %j', async (reply, text) => {
    const { user } = await openPasswordCard({ 'POST /api/students/change-password': reply });
    await fillPasswords(user, 'old-password', 'brand-new-pass', 'brand-new-pass');
    await findToast('Password Change Failed');
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    screen.getByLabelText(/^Current Password/);
  });
});

describe('/dashboard in Arabic (issue 12)', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  test('the cards, the verification status and the password toasts speak Arabic; e-mail and phone stay left to right', async () => {
    await i18n.changeLanguage('ar');
    asStudent();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' });
    const status = screen.getByRole('region', { name: 'التحقق من صفة الطالب' });
    within(status).getByText('قيد المراجعة');
    expect(within(status).getByText('sara@ud.ac.ae').getAttribute('dir')).toBe('ltr');
    within(status).getByRole('link', { name: 'تحديث التحقق' });
    expect(field(/^البريد الإلكتروني/).getAttribute('dir')).toBe('ltr');
    expect(field(/^رقم الهاتف/).getAttribute('dir')).toBe('ltr');

    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    await fill(user, await screen.findByLabelText(/^كلمة المرور الحالية/), 'old-pass');
    await fill(user, field(/^كلمة المرور الجديدة/), 'abcde');
    await fill(user, field(/^تأكيد كلمة المرور الجديدة/), 'abcde');
    await user.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));
    await findToast('كلمة المرور قصيرة');
    screen.getByText('يجب أن تتكوّن كلمة المرور الجديدة من 6 أحرف على الأقل.');
  });

  test('the Language setting names the current language and switches, keeping the choice on the account', async () => {
    const { sent } = asStudent({ 'PUT /api/auth/user/language': { status: 204, body: {} } });
    renderApp('/dashboard');
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Language' });
    within(card).getByText('English');
    await user.click(within(card).getByRole('button', { name: 'Switch to العربية' }));

    await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' });
    const arabic = screen.getByRole('region', { name: 'اللغة' });
    within(arabic).getByText('العربية');
    within(arabic).getByRole('button', { name: /English/ });
    expect(sent('PUT /api/auth/user/language').map((r) => r.body)).toEqual([{ language: 'ar' }]);
  });
});
