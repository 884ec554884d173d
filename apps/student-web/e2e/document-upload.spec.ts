import { expect, test } from '@playwright/test';
import { mailTo, pngImage, registerStudent, step } from '../../../scripts/e2e/support.mjs';
import { accountButton, reloadUntilVisible, toast } from './student-app';

test('a student without a university e-mail uploads a document and the dashboard shows it pending', async ({
  page,
}, testInfo) => {
  const student = await registerStudent(page.request, 'document');

  await page.goto('/dashboard');
  const verification = page.getByRole('region', { name: 'Student Verification' });
  await expect(verification.getByText('Not Started', { exact: true })).toBeVisible();
  await step(page, testInfo, 'dashboard-not-started');

  await verification.getByRole('link', { name: 'Start Verification' }).click();
  await page.getByRole('button', { name: 'Verify another way' }).click();
  await expect(page.getByRole('heading', { name: 'Choose How to Verify' })).toBeVisible();
  await step(page, testInfo, 'other-ways');
  await page.getByRole('link', { name: 'Upload a Document' }).click();

  await expect(page.getByRole('heading', { name: 'Upload a Verification Document' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Document Type' }).click();
  await page.getByRole('option', { name: 'Student ID Card' }).click();
  await page.getByRole('textbox', { name: 'Institution Name' }).fill('Tiny Academy of Design');
  const fileChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose File' }).click();
  await (
    await fileChooser
  ).setFiles({ name: 'student-id.png', mimeType: 'image/png', buffer: pngImage(240, [87, 204, 151]) });
  await expect(page.getByText('student-id.png')).toBeVisible();
  await step(page, testInfo, 'document-chosen');
  await page.getByRole('button', { name: 'Upload Document' }).click();

  await expect(page.getByRole('heading', { name: 'Verification Pending' })).toBeVisible();
  await expect(toast(page, 'Document Uploaded Successfully!')).toBeVisible();
  await step(page, testInfo, 'pending-message');
  await mailTo(student.email, /^We received your Tullab verification document$/);

  await page.getByRole('link', { name: 'Continue to Home' }).click();
  await expect(page).toHaveURL('/');
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await reloadUntilVisible(page, verification.getByText('Pending', { exact: true }));
  await expect(verification.getByText('Your verification is being reviewed.')).toBeVisible();
  await step(page, testInfo, 'dashboard-pending');
});
