// Partner brands in the journey tests (issue 16, decision 016), through the gateway as a brand does: applying on the
// public page, approved by staff, invited by e-mail, setting a password.
import { uniqueName } from '@tullab/testing';
import { client, ORIGIN } from '../client';
import { browserWithOwnAddress, type Browser } from './browsers';
import type { Stack } from './stack';

/** A 1 × 1 PNG, the applicant's logo. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const MERCHANT_PASSWORD = 'a brand new merchant passphrase 3';

export interface ApprovedBrand {
  brandName: string;
  contactEmail: string;
  applicationId: string;
  /** the offer the approval made (live) */
  offerId: string;
  /** the offer's own code, what students get until the brand uploads a pool */
  code: string;
}

/** A brand applies on the public page, as a visitor with an address of its own; answers the application's id. */
export async function applyAsBrand(
  stack: Stack,
  brandName: string,
  contactEmail: string,
  code: string,
): Promise<string> {
  const application = browserWithOwnAddress(stack.url)
    .agent.post('/api/merchant-applications')
    .set('Origin', ORIGIN);
  const fields = {
    brandName,
    brandCategory: 'other',
    businessDescription: `${brandName}, a brand that exists only in this journey.`,
    offerType: 'discount',
    discountCode: code,
    discountType: 'percentage',
    discountValue: '20',
    hasExpiry: 'false',
    websiteLink: 'https://brand.example',
    discountRedemptionGuide: JSON.stringify([{ id: 'a', step: 1, instruction: 'Show the code at the till' }]),
    termsAndConditions: 'Verified students only, one per visit.',
    contactEmail,
    contactName: 'Noura Khalifa',
    contactPhone: '+971 50 765 4321',
  };
  for (const [name, value] of Object.entries(fields)) application.field(name, value);
  const submitted = await application.attach('logoFile', PNG, 'logo.png');
  if (submitted.status !== 201)
    throw new Error(`application answered ${submitted.status}: ${submitted.text}`);
  return submitted.body.id as string;
}

/** A brand applies on the public page (as a visitor with an address of its own) and an admin approves it as live. */
export async function approvedBrand(stack: Stack, admin: Browser, brandName: string): Promise<ApprovedBrand> {
  const slug = uniqueName('m').slice(-8);
  const contactEmail = `owner-${slug}@brand.example`;
  const code = `OWN-${slug.toUpperCase()}`;
  const applicationId = await applyAsBrand(stack, brandName, contactEmail, code);
  const approved = await admin.post(`/api/admin/merchant-applications/${applicationId}/approve`, {
    status: 'live',
  });
  if (approved.status !== 200) throw new Error(`approval answered ${approved.status}: ${approved.text}`);
  return { brandName, contactEmail, applicationId, offerId: approved.body.offerId as string, code };
}

/** The token of the latest merchant invitation mailed to `email`. */
export async function invitationTokenFor(stack: Stack, email: string): Promise<string> {
  const mail = await stack.smtp.waitFor(
    (caught) => caught.to.includes(email) && /merchant\/accept-invitation\?token=/.test(caught.text),
    15_000,
  );
  return /merchant\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
}

/** Accepts the invitation mailed to `email` with MERCHANT_PASSWORD, as the merchant area's page does: signed in. */
export async function acceptMerchantInvitation(stack: Stack, email: string): Promise<Browser> {
  const token = await invitationTokenFor(stack, email);
  const browser = client(stack.url);
  const accepted = await browser.post('/api/auth/accept-merchant-invitation', {
    token,
    password: MERCHANT_PASSWORD,
  });
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
  return browser;
}

/** A brand approved and its contact's account set up: the merchant, signed in. */
export async function signedInMerchant(
  stack: Stack,
  admin: Browser,
  brandName: string,
): Promise<ApprovedBrand & { merchant: Browser }> {
  const brand = await approvedBrand(stack, admin, brandName);
  return { ...brand, merchant: await acceptMerchantInvitation(stack, brand.contactEmail) };
}
