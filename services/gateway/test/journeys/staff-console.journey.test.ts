import { totpCode, totpStep } from '@tullab/identity';
import { client, newStudent, setCookies } from '../helpers';
import { ADMIN, startStack, type Stack } from './stack';
import { acceptInvitation, signInStaff, type StaffCredentials } from './staff';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

type Client = ReturnType<typeof client>;

const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

describe('the staff console, through the gateway', () => {
  /** the first admin's browser, signed in by the first test */
  let adminBrowser: Client | undefined;
  const signedInAdmin = async () => (adminBrowser ??= await signInStaff(stack.url, ADMIN));

  test('staff sign-in (S37): the password alone sets only the strict mfa cookie; enrolment and a code give a strict session', async () => {
    const browser = client(stack.url);
    const login = await browser.post('/api/auth/login', ADMIN);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ mfaRequired: true, enrolled: false, user: { role: 'admin' } });
    const [mfa] = setCookies(login);
    expect(setCookies(login)).toHaveLength(1);
    expect(mfa).toMatch(/^mfa=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Strict$/);
    expect((await browser.get('/api/auth/user')).status).toBe(401);

    const enrolment = await browser.post('/api/auth/mfa/enrollment');
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.qrCode).toMatch(/^data:image\/png;base64,/);
    ADMIN.secret = enrolment.body.secret as string;
    const verified = await browser.post('/api/auth/mfa/verify', {
      code: totpCode(ADMIN.secret, totpStep()),
    });
    expect(verified.status).toBe(200);
    expect(setCookies(verified)).toEqual([
      expect.stringMatching(/^sid=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/),
      'mfa=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
    ]);
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: ADMIN.email, role: 'admin', mfaEnrolled: true });
    adminBrowser = browser;
  });

  test('invite → the e-mail with its link → accept once → the new staff member signs in with TOTP; staff may not manage staff', async () => {
    const admin = await signedInAdmin();
    const email = `reviewer-${Date.now()}@tullab.test`;
    const invitation = { email, firstName: 'Mariam', lastName: 'Haddad', role: 'staff' };
    // the admin confirms an invitation with their own password, as a role change
    expect((await admin.post('/api/admin/staff', invitation)).status).toBe(400);
    const invited = await admin.post('/api/admin/staff', { ...invitation, currentPassword: ADMIN.password });
    expect(invited.status).toBe(201);
    const mail = await stack.smtp.waitFor((m) => m.to.includes(email), 15_000);
    expect(mail.subject).toBe('You are invited to the Tullab staff console');
    expect(mail.text).toContain('Tullab Admin invited you to the Tullab staff console as a staff member.');
    const token = /\/admin\/#\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();

    // the accept page sets up the authenticator app with the password: the sign-in asks its code at once
    const member: StaffCredentials = { email, password: 'a long reviewer passphrase 3' };
    const accepted = await acceptInvitation(stack.url, token!, member);
    expect(accepted.status).toBe(200);
    expect(setCookies(accepted)).toEqual([]);
    const again = await client(stack.url).post('/api/auth/accept-invitation', {
      token,
      password: 'another passphrase 44',
      code: totpCode(member.secret!, totpStep()),
    });
    expect(again.status).toBe(400);
    const enrolled = await stack.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject !== mail.subject,
      15_000,
    );
    expect(enrolled.subject).toBe('An authenticator app was set up for your Tullab staff account');

    const staff = await signInStaff(stack.url, member);
    expect((await staff.get('/api/auth/user')).body.user).toMatchObject({ role: 'staff', mfaEnrolled: true });
    const students = await staff.get('/api/admin/students');
    expect(students.status).toBe(200);
    expect(students.headers['content-range']).toMatch(/^students /);
    expect((await staff.get('/api/admin/staff')).status).toBe(403);

    // the role change needs the admin's password, and ends the staff member's session (S7)
    const id = invited.body.id as string;
    expect((await admin.put(`/api/admin/staff/${id}`, { role: 'admin' })).status).toBe(400);
    const changed = await admin.put(`/api/admin/staff/${id}`, {
      role: 'admin',
      currentPassword: ADMIN.password,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('admin');
    expect((await staff.get('/api/auth/user')).status).toBe(401);
  });

  test('staff find a student and disable the account: every session of it ends; a student is refused the console API', async () => {
    const admin = await signedInAdmin();
    const student = newStudent();
    const browser = client(stack.url);
    expect((await browser.post('/api/auth/register', student)).status).toBe(201);
    expect((await browser.get('/api/admin/students')).status).toBe(403);
    expect((await browser.get('/api/admin/identity-audit-log')).status).toBe(403);

    const found = await admin.get(`/api/admin/students?${query({ filter: { q: student.email } })}`);
    expect(found.headers['content-range']).toBe('students 0-0/1');
    const [record] = found.body as { id: string; email: string; disabled: boolean }[];
    expect(record).toMatchObject({ email: student.email, disabled: false });

    const disabled = await admin.post(`/api/admin/students/${record.id}/disable`, { reason: 'Abuse' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
    const audit = await admin.get(
      `/api/admin/identity-audit-log?${query({ filter: { resourceId: record.id } })}`,
    );
    expect(audit.body).toEqual([expect.objectContaining({ action: 'disable', reason: 'Abuse' })]);
  });
});
