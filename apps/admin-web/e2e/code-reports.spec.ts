import { expect, test, type Page } from '@playwright/test';
import {
  authenticatorApp,
  E2E_ADMIN,
  mailTo,
  registerVerifiedStudent,
  resetSecondFactor,
  step,
} from '../../../scripts/e2e/support.mjs';
import { CONSOLE_URL, notice, openFromMenu, section, submitCode, submitPassword } from './admin-console';

/**
 * Issue 13 point 4 in the console (decision 015): a student's "this code didn't work" report waits in the queue and
 * on the dashboard; staff answer it with a message and the student is e-mailed the outcome.
 */
test.describe.configure({ mode: 'serial' });

let admin: Page;

test.beforeAll(async ({ browser }) => {
  resetSecondFactor(E2E_ADMIN.email);
  admin = await browser.newPage();
});

test.afterAll(async () => {
  await admin.context().close();
});

/** A verified student (through the API) who revealed the Fitlane code and reported it; the report's id. */
async function reportedByStudent(page: Page): Promise<{ email: string; reportId: string }> {
  const student = await registerVerifiedStudent(page.request, 'reporter');
  const offers = (await (await page.request.get('/api/offers')).json()) as Array<{
    id: string;
    brandName: string;
  }>;
  const fitlane = offers.find((offer) => offer.brandName === 'Fitlane')!;
  expect((await page.request.post(`/api/offers/${fitlane.id}/redeem`)).status()).toBe(200);
  const reported = await page.request.post(`/api/offers/${fitlane.id}/reports`, {
    data: { reason: 'code-rejected', text: 'The gym desk said the code is unknown.' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  return { email: student.email, reportId: (await reported.json()).id as string };
}

test('staff find a report in the queue and on the dashboard, answer it, and the student is e-mailed', async ({
  page,
}, testInfo) => {
  const { email, reportId } = await reportedByStudent(page);

  await admin.goto(CONSOLE_URL);
  await submitPassword(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  const authenticator = authenticatorApp(await admin.getByRole('code').innerText());
  await submitCode(admin, await authenticator());
  await expect(admin.getByRole('heading', { level: 1, name: 'Welcome, Tullab Admin' })).toBeVisible();

  const panel = admin
    .locator('section')
    .filter({ has: admin.getByRole('heading', { name: 'Code reports' }) });
  await expect(panel.getByText('Open code reports')).toBeVisible();
  await expect(panel.getByText('Flagged offers')).toBeVisible();
  await step(admin, testInfo, 'dashboard-counts');

  await openFromMenu(admin, 'Code reports');
  await expect(admin.getByRole('row').filter({ hasText: 'FITSTUDENT50' }).first()).toBeVisible();
  await step(admin, testInfo, 'queue');

  await admin.goto(`${CONSOLE_URL}#/code-reports/${reportId}/show`);
  await expect(admin.getByText('The gym desk said the code is unknown.')).toBeVisible();
  await expect(section(admin, "Student's code").getByText('FITSTUDENT50')).toBeVisible();
  await expect(section(admin, "Student's code").getByText(email)).toBeVisible();
  await admin.getByRole('button', { name: 'Answer', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Answer the student?' });
  await dialog
    .getByRole('textbox', { name: 'Message to the student' })
    .fill('Fitlane fixed their till: try again.');
  await step(admin, testInfo, 'answer');
  await dialog.getByRole('button', { name: 'Answer' }).click();
  await expect(notice(admin, 'Student answered')).toBeVisible();
  await expect(section(admin, 'Decision').getByText('Fitlane fixed their till: try again.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Answer', exact: true })).toHaveCount(0);

  const mail = await mailTo(email, /^About the Fitlane code you reported$/);
  expect(mail.text).toContain('Fitlane fixed their till: try again.');
});
