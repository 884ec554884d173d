import { expect, test } from '@playwright/test';
import { registerVerifiedStudent, step } from '../../../scripts/e2e/support.mjs';
import { accountButton, offerCards } from './student-app';

/** The demo catalogue's Fitlane offer has a code of its own, so every student gets this one. */
const FITLANE_CODE = 'FITSTUDENT50';

test('a verified student reveals a code, reports that it did not work, and is told the report was sent', async ({
  page,
}, testInfo) => {
  // signed up and verified through the API (other journeys walk those screens)
  await registerVerifiedStudent(page.request, 'report-code');

  await page.goto('/');
  await expect(accountButton(page)).toHaveAccessibleName('Account');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill('Fitlane');
  await offerCards(page).getByRole('button', { name: 'Get Offer from Fitlane' }).click();
  const modal = page.getByRole('dialog', { name: 'Fitlane' });
  // nothing to report before a code is revealed
  await expect(modal.getByRole('button', { name: "This code didn't work?" })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Redeem discount code' }).click();
  await expect(modal.getByText(FITLANE_CODE, { exact: true })).toBeVisible();

  await modal.getByRole('button', { name: "This code didn't work?" }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem with the Fitlane code' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose what went wrong.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'The shop or website rejected the code' }).check();
  await dialog
    .getByRole('textbox', { name: 'Tell us more (optional)' })
    .fill('The checkout said "invalid code".');
  await step(page, testInfo, 'report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(modal.getByRole('status')).toHaveText(
    'Report sent Thank you. Our team will look into it and e-mail you.',
  );
  await step(page, testInfo, 'report-sent');

  // a second report about the same code waits for the first to be answered
  await modal.getByRole('button', { name: "This code didn't work?" }).click();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You already reported this code. Our team is looking into it.',
  );
});
