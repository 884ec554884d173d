import { expect, test } from '@playwright/test';
import { step } from '../../../scripts/e2e/support.mjs';

test('an unknown address answers 404 and shows Page Not Found with a way home', async ({
  page,
}, testInfo) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Tullab');
  await step(page, testInfo, 'not-found');

  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'The First Student Offer Platform in the UAE' }),
  ).toBeVisible();
  await step(page, testInfo, 'home');
});
