import { expect, test } from '@playwright/test';
import { registerVerifiedStudent, step } from '../../../scripts/e2e/support.mjs';
import { accountButton, offerCards, toast } from './student-app';

/** The demo catalogue's Fitlane offer has a code of its own, so every student gets this one. */
const FITLANE_CODE = 'FITSTUDENT50';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a verified student redeems a code, finds it under "My codes" on the dashboard and copies it again', async ({
  page,
}, testInfo) => {
  // signed up and verified through the API (other journeys walk those screens)
  await registerVerifiedStudent(page.request, 'my-codes');

  // nothing revealed yet: the card says so
  await page.goto('/dashboard');
  const myCodes = page.getByRole('region', { name: 'My codes' });
  await expect(myCodes.getByText("You haven't revealed any codes yet")).toBeVisible();
  await expect(myCodes.getByRole('link', { name: 'Browse offers' })).toBeVisible();
  await step(page, testInfo, 'no-codes');

  await page.goto('/');
  await expect(accountButton(page)).toHaveAccessibleName('Account');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill('Fitlane');
  await offerCards(page).getByRole('button', { name: 'Get Offer from Fitlane' }).click();
  const modal = page.getByRole('dialog', { name: 'Fitlane' });
  await modal.getByRole('button', { name: 'Redeem discount code' }).click();
  await expect(modal.getByText(FITLANE_CODE, { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();

  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  const row = myCodes.getByRole('list', { name: 'Your codes' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText(FITLANE_CODE, { exact: true })).toBeVisible();
  await expect(row.getByText('Fitlane', { exact: true })).toBeVisible();
  // the state chip, read with its hidden 'Offer status:' before it
  await expect(row.getByText('Offer status: Live')).toBeVisible();
  await expect(row.getByText(/^Revealed on /)).toBeVisible();
  await step(page, testInfo, 'my-codes');

  // "Copy again" copies the code and counts a copy, as the offer's own Copy button does
  await page.evaluate('navigator.clipboard.writeText("")');
  const counted = page.waitForResponse(
    (response) =>
      /\/api\/offers\/[^/]+\/copy$/.test(response.url()) && response.request().method() === 'POST',
  );
  await row.getByRole('button', { name: 'Copy again' }).click();
  await expect(toast(page, 'Code copied!')).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(FITLANE_CODE);
  expect((await counted).status()).toBe(202);
  await step(page, testInfo, 'copied-again');
});
