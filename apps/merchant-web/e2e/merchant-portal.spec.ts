import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerVerifiedStudent, step } from '../../../scripts/e2e/support.mjs';
import { applyAsMerchant, approveInConsole } from '../../admin-web/e2e/admin-console';
import { toast } from '../../student-web/e2e/student-app';
import { acceptInvitation, signInMerchant, type MerchantAccount } from './merchant-portal';

/**
 * Issue 16 in the browser (decision 016): staff approve a brand's application, its contact sets a password from the
 * e-mailed link and lands in the merchant area, watches the funnel move once a student reveals the code, uploads a
 * pool of codes as a CSV file after its preview, and signs in again later. Screenshots at each step.
 */
test.describe.configure({ mode: 'serial' });

const BRAND = `Qahwa Corner ${randomBytes(2).toString('hex')}`;
const PASSWORD = `Merchant dunes ${randomBytes(4).toString('hex')} at dawn`;

let contactEmail: string;
/** The brand's contact, once the application is sent. */
const account = (): MerchantAccount => ({ brandName: BRAND, contactEmail, password: PASSWORD });

test('an approved brand sets its password from the e-mailed link and sees its offer in the merchant area', async ({
  browser,
  page,
  request,
}, testInfo) => {
  ({ contactEmail } = await applyAsMerchant(request, BRAND));
  const admin = await browser.newPage();
  await approveInConsole(admin, BRAND);
  await admin.context().close();

  await acceptInvitation(page, account(), () => step(page, testInfo, 'set-password'));
  const offers = page.getByRole('table', { name: 'Your offers' });
  await expect(offers.getByRole('row').filter({ hasText: '20% off for students' })).toBeVisible();
  await step(page, testInfo, 'overview');
});

test('the funnel moves once a student reveals the code', async ({ browser, page }, testInfo) => {
  await signInMerchant(page, account());
  const funnel = page.getByTestId('merchant-funnel');
  await expect(funnel.getByTestId('funnel-total-reveals')).toContainText('0');

  // a verified student in a browser of their own reveals the brand's code
  const student = await browser.newPage();
  await registerVerifiedStudent(student.request, 'qahwa');
  const offers = (await (await student.request.get('/api/offers')).json()) as Array<{
    id: string;
    brandName: string;
  }>;
  const offer = offers.find((candidate) => candidate.brandName === BRAND)!;
  expect((await student.request.post(`/api/offers/${offer.id}/redeem`)).status()).toBe(200);
  await student.context().close();

  // the worker counts the reveal a moment later; the page shows the funnel as it was when it loaded
  await expect(async () => {
    await page.reload();
    await expect(funnel.getByTestId('funnel-total-reveals')).toContainText(/^\D*1\b/, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(funnel.getByTestId('funnel-total-redemptions')).toContainText('1');
  await expect(funnel.getByTestId('funnel-chart')).toBeVisible();
  await step(page, testInfo, 'funnel');
});

test('a pool of codes is previewed, refused while a line is wrong, and imported once the file is clean', async ({
  page,
}, testInfo) => {
  await signInMerchant(page, account());
  await page
    .getByRole('table', { name: 'Your offers' })
    .getByRole('link', { name: '20% off for students' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '20% off for students' })).toBeVisible();
  const pool = page.getByTestId('merchant-pool');
  const choose = (name: string, text: string) =>
    pool.getByTestId('pool-file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(text, 'utf8'),
    });

  await choose('codes-with-mistakes.csv', 'code\nQAHWA-0001\nQAHWA-0001\nnot a code!\n');
  await expect(pool.getByTestId('pool-duplicates')).toContainText('QAHWA-0001');
  await expect(pool.getByTestId('pool-invalid')).toBeVisible();
  await expect(pool.getByTestId('pool-import')).toBeDisabled();
  await step(page, testInfo, 'pool-preview-refused');

  const codes = Array.from({ length: 25 }, (_, i) => `QAHWA-${String(i + 1).padStart(4, '0')}`);
  await choose('codes.csv', `code\n${codes.join('\n')}\n`);
  await expect(pool.getByTestId('pool-valid')).toContainText('25');
  await step(page, testInfo, 'pool-preview');
  await pool.getByTestId('pool-import').click();
  await expect(pool.getByTestId('pool-imported')).toContainText('25 codes were added. Codes left: 25 of 25.');
  await step(page, testInfo, 'pool-imported');
});

test('the team page lists the brand’s contact, and an invitation waits apart as pending (T24)', async ({
  page,
}, testInfo) => {
  await signInMerchant(page, account());
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const team = page.getByRole('table', { name: 'Your team' });
  await expect(team.getByRole('row').filter({ hasText: contactEmail })).toContainText('Active');

  const colleague = `colleague-${randomBytes(3).toString('hex')}@qahwa.example`;
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByRole('textbox', { name: 'First Name' }).fill('Omar');
  await form.getByRole('textbox', { name: 'Last Name' }).fill('Saleh');
  await form.getByRole('textbox', { name: 'Email' }).fill(colleague);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `${colleague} is invited.`)).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await expect(pending.getByRole('row').filter({ hasText: colleague })).toContainText('Pending');
  await expect(team.getByRole('row').filter({ hasText: colleague })).toHaveCount(0);
  await step(page, testInfo, 'team');
});
