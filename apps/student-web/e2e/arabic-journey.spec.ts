import { expect, test } from '@playwright/test';
import { codeIn, mailTo, step, uniqueEmail, uniquePassword } from '../../../scripts/e2e/support.mjs';
import { ar, text } from './catalogue';

/** The demo catalogue's Fitlane offer has a code of its own, so every student gets this one. */
const FITLANE_CODE = 'FITSTUDENT50';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('in Arabic, a new student signs up, verifies with the code from an Arabic e-mail, then redeems and copies a code', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('arabic');
  const studentEmail = uniqueEmail('layla', 'cud.ac.ae');
  const password = uniquePassword();
  const banner = page.getByRole('banner');

  // an English page, switched from the header: the address then names the language, and the page is right to left
  await page.goto('/');
  await banner
    .getByRole('button', { name: text('en', 'common:languageSwitcher.switchTo', { language: 'العربية' }) })
    .click();
  await expect(page).toHaveURL('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: ar('home:offers.heading') })).toBeVisible();
  await step(page, testInfo, 'home');

  await banner.getByRole('link', { name: ar('common:header.signUp') }).click();
  await expect(page.getByRole('heading', { name: ar('auth:signup.title') })).toBeVisible();
  await page.getByRole('textbox', { name: ar('auth:fields.firstName') }).fill('ليلى');
  await page.getByRole('textbox', { name: ar('auth:fields.lastName') }).fill('الحمادي');
  const emailBox = page.getByRole('textbox', { name: ar('auth:fields.email'), exact: true });
  await emailBox.fill(email);
  // addresses and numbers stay left to right inside the Arabic page
  await expect(emailBox).toHaveAttribute('dir', 'ltr');
  await page.getByRole('textbox', { name: ar('auth:fields.phone') }).fill('+971 50 765 4321');
  await step(page, testInfo, 'signup');
  await page.getByRole('button', { name: ar('auth:signup.submit') }).click();

  await expect(page).toHaveURL('/create-password');
  await page.getByRole('textbox', { name: ar('auth:fields.password'), exact: true }).fill(password);
  await page.getByRole('textbox', { name: ar('auth:fields.confirmPassword'), exact: true }).fill(password);
  await step(page, testInfo, 'create-password');
  await page.getByRole('button', { name: ar('auth:createPassword.submit') }).click();
  await expect(page.getByText(ar('auth:createPassword.toast.successTitle'), { exact: true })).toBeVisible();

  // the account keeps the language it was created in
  const account = await page.request.get('/api/auth/user');
  const body = await account.json();
  expect('user' in body ? body.user : body).toMatchObject({ email, language: 'ar' });

  await expect(page).toHaveURL('/student-verification');
  await page.getByRole('textbox', { name: ar('verification:studentEmail.label') }).fill(studentEmail);
  await step(page, testInfo, 'student-email');
  await page.getByRole('button', { name: ar('verification:studentEmail.submit') }).click();
  await expect(
    page.getByText(ar('verification:studentEmail.toast.sentTitle'), { exact: true }),
  ).toBeVisible();

  // the code comes in an Arabic, right-to-left e-mail
  await expect(page).toHaveURL('/otp-verification');
  const mail = await mailTo(studentEmail, /^رمز التحقق من بريدك الجامعي في Tullab$/);
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.text).toMatch(/[\u0600-\u06FF]/);
  const code = codeIn(mail);
  const firstDigit = page.getByRole('textbox', {
    name: ar('forms:otp.digit', { position: '1', total: '6' }),
  });
  await firstDigit.pressSequentially(code);
  await expect(
    page.getByRole('textbox', { name: ar('forms:otp.digit', { position: '6', total: '6' }) }),
  ).toHaveValue(code.slice(-1));
  await step(page, testInfo, 'code-entered');
  await page.getByRole('button', { name: ar('verification:otp.submit') }).click();
  await expect(page.getByRole('heading', { name: ar('verification:otp.verified.title') })).toBeVisible();
  await step(page, testInfo, 'verified');

  await expect(page).toHaveURL('/');
  await expect(banner.getByRole('button', { name: ar('common:account.button'), exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: ar('offers:browser.searchLabel') }).fill('Fitlane');
  await page
    .getByRole('list', { name: ar('offers:browser.offersLabel') })
    .getByRole('article')
    .getByRole('button', { name: ar('offers:card.getOfferFrom', { brand: 'Fitlane' }) })
    .click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: ar('offers:details.redeem.title') })).toBeVisible();
  await step(page, testInfo, 'offer');

  await modal.getByRole('button', { name: ar('offers:details.redeem.action') }).click();
  await expect(modal.getByRole('heading', { name: ar('offers:details.code.title') })).toBeVisible();
  await expect(modal.getByText(FITLANE_CODE, { exact: true })).toBeVisible();
  await expect(modal.getByRole('status')).toContainText(ar('offers:toasts.codeRedeemed.title'));
  await step(page, testInfo, 'code-redeemed');

  await modal.getByRole('button', { name: ar('offers:details.code.copy') }).click();
  await expect(modal.getByRole('status')).toContainText(ar('offers:toasts.codeCopied.title'));
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(FITLANE_CODE);
  await step(page, testInfo, 'code-copied');
});
