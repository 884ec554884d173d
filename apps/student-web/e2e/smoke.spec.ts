import { expect, test } from '@playwright/test';
import { step } from '../../../scripts/e2e/support.mjs';

test('the home page and the not-found page are served by the gateway', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await step(page, testInfo, 'home');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await step(page, testInfo, 'not-found');
});
