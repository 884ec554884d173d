import { expect, test } from '@playwright/test';
import { codeIn, mailTo, registerStudent, step, uniquePassword } from '../../../scripts/e2e/support.mjs';
import { accountButton, enterCode, expectPasswordReplaced, toast } from './student-app';

test('a student who forgot the password resets it with the mailed code and signs in with the new one', async ({
  page,
  request,
}, testInfo) => {
  const student = await registerStudent(request, 'forgot');
  const newPassword = uniquePassword();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(student.email);
  await step(page, testInfo, 'email');
  await page.getByRole('button', { name: 'Send Code' }).click();

  await expect(toast(page, 'OTP Sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verify Code' })).toBeVisible();
  const code = codeIn(await mailTo(student.email, /^Your Tullab password reset code$/));
  await enterCode(page, code);
  await step(page, testInfo, 'code');
  await page.getByRole('button', { name: 'Verify Code' }).click();

  await expect(toast(page, 'OTP Verified')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(newPassword);
  await step(page, testInfo, 'new-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(toast(page, 'Password Reset')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await step(page, testInfo, 'back-to-login');
  await expectPasswordReplaced(page, student, newPassword);
  await expect(page).toHaveURL('/');
  await expect(accountButton(page)).toBeVisible();
  await step(page, testInfo, 'signed-in');
});
