import { expect, test } from '@playwright/test';
import { registerStudent, step, uniqueEmail } from '../../../scripts/e2e/support.mjs';
import { accountButton, reloadUntilVisible } from './student-app';

test('a student whose university domain is not recognised is told the enrollment will be checked by hand', async ({
  page,
}, testInfo) => {
  await registerStudent(page.request, 'unrecognised');

  await page.goto('/');
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: /Account Not Verified/ }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Student Status' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Student Email' }).fill(uniqueEmail('layla', 'tiny-academy.ae'));
  await step(page, testInfo, 'student-email');
  await page.getByRole('button', { name: 'Send Verification Code' }).click();

  await expect(page.getByRole('heading', { name: 'Domain Not Recognized' })).toBeVisible();
  await expect(
    page.getByText(
      "We couldn't recognise your institution's email domain, so we'll verify your enrollment manually.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload Documents Instead' })).toBeVisible();
  await step(page, testInfo, 'domain-not-recognized');

  await page.getByRole('button', { name: 'Try Different Email' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Student Status' })).toBeVisible();
  await step(page, testInfo, 'try-different-email');

  await page.goto('/dashboard');
  const verification = page.getByRole('region', { name: 'Student Verification' });
  await reloadUntilVisible(page, verification.getByText('Under Review', { exact: true }));
  await expect(verification.getByRole('link', { name: 'Update Verification Status' })).toBeVisible();
  await step(page, testInfo, 'dashboard-under-review');
});
