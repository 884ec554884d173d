// What the student app's journeys do again and again: its toasts, the header's Account button, the offer grid, the
// six code boxes, signing in.
import { expect, type Locator, type Page } from '@playwright/test';
import { mailTo, type StudentAccount } from '../../../scripts/e2e/support.mjs';

/** A toast (SPEC §8) by its title. Toasts show one at a time, so a new one appears once the previous has left. */
export const toast = (page: Page, title: string): Locator =>
  page.getByRole('alert').filter({ hasText: title });

/** The header's Account button (signed in); its name says whether the student is verified (SPEC §4). */
export const accountButton = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /^Account/ });

/** The cards of the 'Exclusive Student Offers' grid. */
export const offerCards = (page: Page): Locator =>
  page.getByRole('list', { name: 'Offers' }).getByRole('article');

/** Types a mailed code into the six boxes digit by digit, as a person would: focus moves on by itself. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code);
  await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue(code.slice(-1));
}

/** Fills and sends the /login form. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * After a password reset or change, on /login: the student was told by e-mail, the old password is refused and the
 * new one signs in.
 */
export async function expectPasswordReplaced(
  page: Page,
  account: StudentAccount,
  newPassword: string,
): Promise<void> {
  await mailTo(account.email, /^Your Tullab password was changed$/);
  await logIn(page, account.email, account.password);
  await expect(toast(page, 'Login Failed')).toBeVisible();
  await logIn(page, account.email, newPassword);
  await expect(toast(page, 'Login Successful!')).toBeVisible();
}

/**
 * Reloads until `locator` shows. For a state another service applies a moment later (a verification status
 * travels as an event), which the page, rightly, does not poll for.
 */
export async function reloadUntilVisible(page: Page, locator: Locator): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
