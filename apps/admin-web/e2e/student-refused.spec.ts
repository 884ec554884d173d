import { expect, test } from '@playwright/test';
import { registerStudent, step } from '../../../scripts/e2e/support.mjs';
import { CONSOLE_URL, submitPassword } from './admin-console';

const STAFF_ONLY = 'This console is for Tullab staff only';

/** Every resource of the admin API (CONVENTIONS "Gateway and identity"), one per owning service at least. */
const ADMIN_RESOURCES = [
  'verifications',
  'institutions',
  'audit-log',
  'students',
  'staff',
  'offers',
  'merchant-applications',
  'contact-messages',
  'identity-audit-log',
  'offer-audit-log',
  'jobs',
  'retention/documents',
  'retention/mail-bodies',
  'retention/contact-messages',
  'retention/webhook-deliveries',
];

test('a student gets 403 from every admin API route, and a visitor 401', async ({ page, request }) => {
  await registerStudent(page.request, 'admin-api');
  for (const resource of ADMIN_RESOURCES) {
    const asStudent = await page.request.get(`/api/admin/${resource}`);
    expect(asStudent.status(), `GET /api/admin/${resource} as a student`).toBe(403);
    expect(await asStudent.json()).toEqual({ message: expect.any(String), code: 'forbidden' });
    const asVisitor = await request.get(`/api/admin/${resource}`);
    expect(asVisitor.status(), `GET /api/admin/${resource} as a visitor`).toBe(401);
  }
});

test('the console refuses a signed-in student, and a student signing in on it, as staff only', async ({
  page,
}, testInfo) => {
  const student = await registerStudent(page.request, 'console');

  // Signed in on the student site: the console shows its sign-in, and the student's session there is left alone.
  await page.goto(CONSOLE_URL);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(STAFF_ONLY);
  await expect(page.getByRole('menuitem', { name: 'Verifications' })).toHaveCount(0);
  await step(page, testInfo, 'signed-in-student-refused');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  // A student's right password is refused too, and the session that sign-in opened is closed again.
  await submitPassword(page, student.email, student.password);
  await expect(page.getByRole('alert')).toHaveText(STAFF_ONLY);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await step(page, testInfo, 'student-sign-in-refused');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
