import { expect, test } from '@playwright/test';
import { mailTo, step, SUPPORT_INBOX, uniqueEmail } from '../../../scripts/e2e/support.mjs';
import { toast } from './student-app';

test('a visitor writes through Contact Us and the message reaches the support inbox', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('noura');
  const message =
    'Hello! My university is not in your list yet. Can I verify with my enrollment letter instead?';

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const firstName = page.getByRole('textbox', { name: 'First Name' });
  await firstName.fill('Noura');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Al Suwaidi');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await step(page, testInfo, 'message-written');
  await page.getByRole('button', { name: 'Send now' }).click();

  await expect(toast(page, 'Message Sent!')).toContainText(
    "Thank you for contacting us. We'll get back to you soon.",
  );
  await expect(firstName).toHaveValue('');
  await step(page, testInfo, 'message-sent');

  // the support inbox also holds the messages of earlier runs on this stack (same sender name): wait for this one
  const newest = async () =>
    (await mailTo(SUPPORT_INBOX, /^New contact message from Noura Al Suwaidi$/)).text;
  await expect.poll(newest, { timeout: 20_000 }).toContain(email);
  expect(await newest()).toContain(message);
});
