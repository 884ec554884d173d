import { expect, test } from '@playwright/test';
import { codeIn, mailTo, step, uniqueEmail, uniquePassword } from '../../../scripts/e2e/support.mjs';
import { accountButton, enterCode, offerCards, toast } from './student-app';

/** The demo catalogue's Fitlane offer has a code of its own, so every student gets this one. */
const FITLANE_CODE = 'FITSTUDENT50';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a new student signs up, verifies a university e-mail with the mailed code, then redeems and copies a code', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('signup');
  const studentEmail = uniqueEmail('omar', 'cud.ac.ae');
  const password = uniquePassword();

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Student Account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Omar');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Khalifa');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('+971 50 765 4321');
  await expect(
    page.getByRole('checkbox', { name: 'Send me student offers and news by email' }),
  ).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Send me student offers on WhatsApp' })).toBeChecked();
  await step(page, testInfo, 'signup');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/create-password');
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
  await step(page, testInfo, 'create-password');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(toast(page, 'Account Created Successfully!')).toBeVisible();
  await expect(page).toHaveURL('/student-verification');
  await expect(accountButton(page)).toHaveAccessibleName('Account, account not verified');
  await page.getByRole('textbox', { name: 'Student Email' }).fill(studentEmail);
  await step(page, testInfo, 'student-email');
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(toast(page, 'Verification Code Sent!')).toBeVisible();
  await step(page, testInfo, 'code-sent');

  await expect(page).toHaveURL('/otp-verification');
  await expect(page.getByText(`Enter the 6-digit code we sent to ${studentEmail}`)).toBeVisible();
  const code = codeIn(await mailTo(studentEmail, /^Your Tullab student verification code$/));
  await enterCode(page, code);
  await step(page, testInfo, 'code-entered');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByRole('heading', { name: 'Student Status Verified!' })).toBeVisible();
  await step(page, testInfo, 'verified');

  await expect(page).toHaveURL('/');
  await expect(accountButton(page)).toHaveAccessibleName('Account');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill('Fitlane');
  await offerCards(page).getByRole('button', { name: 'Get Offer from Fitlane' }).click();
  const modal = page.getByRole('dialog', { name: 'Fitlane' });
  await expect(modal.getByRole('heading', { name: 'Redeem Your Discount' })).toBeVisible();
  await step(page, testInfo, 'offer');

  // An open modal hides the page's toasts from assistive technology; it repeats them in a status line of its own.
  const notice = modal.getByRole('status');
  await modal.getByRole('button', { name: 'Redeem discount code' }).click();
  await expect(modal.getByRole('heading', { name: 'Your Discount Code' })).toBeVisible();
  await expect(modal.getByText(FITLANE_CODE, { exact: true })).toBeVisible();
  await expect(notice).toHaveText('Code Redeemed! Your discount code for Fitlane is ready.');
  await step(page, testInfo, 'code-redeemed');

  await modal.getByRole('button', { name: 'Copy code' }).click();
  await expect(notice).toHaveText('Code Copied! Discount code has been copied to your clipboard.');
  await expect(page.getByText('Code Copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(FITLANE_CODE);
  await step(page, testInfo, 'code-copied');
});
