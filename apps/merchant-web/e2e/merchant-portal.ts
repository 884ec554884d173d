// What the merchant area's journeys do again and again: a brand's contact setting their password from the e-mailed
// invitation, and signing in.
import { expect, type Page } from '@playwright/test';
import { mailTo } from '../../../scripts/e2e/support.mjs';
import { toast } from '../../student-web/e2e/student-app';

/** A brand's contact, once staff approved the brand's application (`approveInConsole` of the console's helpers). */
export interface MerchantAccount {
  brandName: string;
  contactEmail: string;
  password: string;
}

/**
 * The contact opens the invitation e-mailed on approval and sets their password; `beforeSending` runs once the form
 * is filled (a screenshot, say). They land in the merchant area, welcomed, with their brand's name in the header.
 */
export async function acceptInvitation(
  page: Page,
  { brandName, contactEmail, password }: MerchantAccount,
  beforeSending?: () => Promise<void>,
): Promise<void> {
  const invitation = await mailTo(contactEmail, new RegExp(`^Set up your ${brandName} account on Tullab$`));
  const link = new URL(
    /https?:\/\/\S+\/merchant\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(invitation.text)![0],
  );
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
  await beforeSending?.();
  await page.getByRole('button', { name: 'Set password and sign in' }).click();

  await expect(page).toHaveURL(/\/merchant$/);
  await expect(toast(page, 'Welcome to Tullab!')).toBeVisible();
  await expect(page.getByTestId('merchant-brand-name')).toHaveText(brandName);
}

/** Signs the brand's contact in on the merchant area's own sign-in page. */
export async function signInMerchant(
  page: Page,
  { brandName, contactEmail, password }: MerchantAccount,
): Promise<void> {
  await page.goto('/merchant');
  await expect(page).toHaveURL(/\/merchant\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Partner sign-in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(contactEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('merchant-brand-name')).toHaveText(brandName);
}
