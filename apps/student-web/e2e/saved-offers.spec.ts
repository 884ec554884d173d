import { expect, test } from '@playwright/test';
import { registerStudent, step } from '../../../scripts/e2e/support.mjs';
import { offerCards, toast } from './student-app';

/** Issue 13 point 3 (decision 014): the heart on a card and in the modal, kept on the account; the "Saved" filter. */

test('a visitor pressing the heart is asked to sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill('Fitlane');
  await offerCards(page).getByRole('button', { name: 'Save offer from Fitlane' }).click();
  await expect(toast(page, 'Sign in to save offers')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a student saves an offer from its card, finds it under "Saved" after a reload, and removes it in the modal', async ({
  page,
}, testInfo) => {
  await registerStudent(page.request, 'saved-offers');
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill('Fitlane');
  const card = offerCards(page).filter({ hasText: 'Fitlane' });
  const saved = page.waitForResponse(
    (response) => /\/api\/offers\/[^/]+\/save$/.test(response.url()) && response.request().method() === 'PUT',
  );
  await card.getByRole('button', { name: 'Save offer from Fitlane' }).click();
  expect((await saved).status()).toBe(204);
  await expect(card.getByRole('button', { name: 'Remove Fitlane from saved' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await step(page, testInfo, 'saved-on-card');

  // kept on the account: after a reload, the "Saved" filter shows it alone
  await page.reload();
  const filter = page.getByRole('button', { name: 'Saved', exact: true });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(offerCards(page)).toHaveCount(1);
  await expect(offerCards(page).getByRole('heading', { name: 'Fitlane' })).toBeVisible();
  await step(page, testInfo, 'saved-filter');

  await offerCards(page).getByRole('button', { name: 'Get Offer from Fitlane' }).click();
  const modal = page.getByRole('dialog', { name: 'Fitlane' });
  await modal.getByRole('button', { name: 'Remove Fitlane from saved' }).click();
  await expect(modal.getByRole('button', { name: 'Save offer from Fitlane' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByText('You have not saved any offers yet. Press the heart on an offer to keep it here.'),
  ).toBeVisible();
  await step(page, testInfo, 'removed');
});
