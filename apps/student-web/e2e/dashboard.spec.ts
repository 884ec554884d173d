import { expect, test } from '@playwright/test';
import { registerStudent, step, uniquePassword } from '../../../scripts/e2e/support.mjs';
import { accountButton, expectPasswordReplaced, toast } from './student-app';

test('a student edits the profile and preferences, changes the password, logs out and back in with it', async ({
  page,
}, testInfo) => {
  const student = await registerStudent(page.request, 'dashboard');
  const newPassword = uniquePassword();

  await page.goto('/');
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  const fullName = page.getByRole('textbox', { name: 'Full Name' });
  const phone = page.getByRole('textbox', { name: 'Phone Number' });
  const emailMarketing = page.getByRole('switch', { name: 'Email Marketing' });
  const whatsappMarketing = page.getByRole('switch', { name: 'WhatsApp Marketing' });
  await expect(fullName).toHaveValue('Layla Haddad');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(student.email);
  await expect(emailMarketing).toBeChecked();
  await expect(whatsappMarketing).toBeChecked();
  await step(page, testInfo, 'dashboard');

  await fullName.fill('Mariam Al Mansoori');
  await phone.fill('+971 55 987 6543');
  await emailMarketing.uncheck();
  await step(page, testInfo, 'profile-edited');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();

  // Stored as SPEC §3 says: the full name split at the first space.
  const saved = await page.request.get('/api/students/profile');
  expect((await saved.json()).student).toMatchObject({
    firstName: 'Mariam',
    lastName: 'Al Mansoori',
    phoneNumber: '+971 55 987 6543',
    emailMarketing: false,
    whatsappMarketing: true,
  });
  await page.reload();
  await expect(fullName).toHaveValue('Mariam Al Mansoori');
  await expect(phone).toHaveValue('+971 55 987 6543');
  await expect(emailMarketing).not.toBeChecked();
  await expect(whatsappMarketing).toBeChecked();
  await step(page, testInfo, 'profile-saved');

  const passwordCard = page.getByRole('region', { name: 'Change Password' });
  await passwordCard.getByRole('button', { name: 'Change Password' }).click();
  await passwordCard.getByRole('textbox', { name: 'Current Password', exact: true }).fill(student.password);
  await passwordCard.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await passwordCard.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(newPassword);
  await step(page, testInfo, 'change-password');
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password Changed')).toBeVisible();
  await expect(passwordCard.getByRole('textbox', { name: 'Current Password', exact: true })).toHaveCount(0);
  await step(page, testInfo, 'password-changed');

  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Please log in to access your dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await step(page, testInfo, 'logged-out');

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expectPasswordReplaced(page, student, newPassword);
  await expect(page).toHaveURL('/dashboard');
  await expect(fullName).toHaveValue('Mariam Al Mansoori');
  await step(page, testInfo, 'logged-in-again');
});
