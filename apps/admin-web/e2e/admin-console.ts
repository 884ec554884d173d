// What the console's journeys do again and again: the two steps of the staff sign-in, the menu, a record found by
// searching its list, react-admin's notices, the students and brands whose requests staff review, and a brand's
// application approved.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  authenticatorApp,
  E2E_ADMIN,
  pngImage,
  registerStudent,
  resetSecondFactor,
  uniqueEmail,
  type StudentAccount,
} from '../../../scripts/e2e/support.mjs';
import { offerCards } from '../../student-web/e2e/student-app';

/** Where the gateway serves the console; react-admin routes after the hash (`/admin/#/verifications`). */
export const CONSOLE_URL = '/admin/';

/** The side of the square PNG a student uploads as a document, to tell that the console shows the real file. */
export const DOCUMENT_SIZE = 240;

/** The side of the square PNG logo of a merchant application. */
export const LOGO_SIZE = 96;

/** A react-admin notice (a snackbar) by its text. */
export const notice = (page: Page, text: string): Locator =>
  page.getByRole('alert').filter({ hasText: text });

/** A titled part of a show page: a section with a level-2 heading ('Request', 'Status', 'Decision', …). */
export const section = (page: Page, title: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** The sign-in form's first step: e-mail and password. */
export async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The sign-in form's second step: the authenticator's code. */
export async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: '6-digit code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Opens a resource from the sidebar by its label. */
export async function openFromMenu(page: Page, label: string): Promise<void> {
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

/** Opens, from the list on screen, the record whose row contains `text`, found with the list's search box. */
export async function openRecord(page: Page, searchPlaceholder: string, text: string): Promise<void> {
  await page.getByPlaceholder(searchPlaceholder).fill(text);
  // The search applies after a pause, as a change of the address; a row clicked before would be navigated away from.
  await expect(page).toHaveURL((url) => decodeURIComponent(url.hash).includes(`"q":${JSON.stringify(text)}`));
  const rows = page.getByRole('row').filter({ hasText: text });
  await expect(rows).toHaveCount(1);
  await rows.click();
}

/** Opens the request of the student with this account e-mail from the review queue. */
export async function openVerificationOf(page: Page, email: string): Promise<void> {
  await openFromMenu(page, 'Verifications');
  await openRecord(page, 'Name or e-mail', email);
  await expect(page.getByRole('heading', { name: 'Document', exact: true })).toBeVisible();
}

/** A student's verification status as the student app reads it (`GET /api/auth/user` with their session). */
async function verificationStatusOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { verification: { status: string } } }).user.verification.status;
}

/** Waits until the student's status is `status`: staff decisions reach identity as an event, a moment later. */
export async function expectVerificationStatus(request: APIRequestContext, status: string): Promise<void> {
  await expect
    .poll(() => verificationStatusOf(request), { timeout: 20_000, message: `verification ${status}` })
    .toBe(status);
}

/**
 * A new student with a Student ID waiting for review, uploaded through the public API exactly as
 * /document-verification sends it. Their session stays in `request`'s jar.
 */
export async function studentWithPendingDocument(
  request: APIRequestContext,
  prefix: string,
): Promise<StudentAccount> {
  const student = await registerStudent(request, prefix);
  const response = await request.post('/api/students/verify-document', {
    multipart: {
      documentType: 'student_id',
      institution: 'Tiny Academy of Design',
      document: {
        name: `${prefix}-student-id.png`,
        mimeType: 'image/png',
        buffer: pngImage(DOCUMENT_SIZE, [87, 204, 151]),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return student;
}

export interface MerchantApplication {
  brandName: string;
  contactEmail: string;
}

/**
 * A brand's application with a PNG logo and a 20% discount, sent as the /for-merchants form sends it (multipart);
 * its offer would be called '20% off for students'.
 */
export async function applyAsMerchant(
  request: APIRequestContext,
  brandName: string,
): Promise<MerchantApplication> {
  const contactEmail = uniqueEmail('merchant');
  const response = await request.post('/api/merchant-applications', {
    multipart: {
      logoFile: { name: 'logo.png', mimeType: 'image/png', buffer: pngImage(LOGO_SIZE, [233, 196, 106]) },
      brandName,
      brandCategory: 'other',
      businessDescription: 'Saj flatbreads and Emirati breakfasts, baked to order by the Dubai Creek.',
      offerType: 'discount',
      discountCode: 'SAJEER20',
      discountType: 'percentage',
      discountValue: '20',
      discountRedemptionGuide: JSON.stringify([{ instruction: 'Show your Tullab code at the counter' }]),
      termsAndConditions: 'One code per visit, on drinks and food. Not combinable with other offers.',
      contactName: 'Hamdan Al Falasi',
      contactEmail,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { brandName, contactEmail };
}

/**
 * Staff approve a brand's application in the console, as live, which invites the brand's contact: the e2e admin signs
 * in for the first time (their authenticator reset first, so that this holds on a stack used before) in `admin`, a
 * page of its own.
 */
export async function approveInConsole(admin: Page, brandName: string): Promise<void> {
  resetSecondFactor(E2E_ADMIN.email);
  await admin.goto(CONSOLE_URL);
  await submitPassword(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  const authenticator = authenticatorApp(await admin.getByRole('code').innerText());
  await submitCode(admin, await authenticator());
  await openFromMenu(admin, 'Merchant applications');
  await openRecord(admin, 'Brand or contact', brandName);
  await admin.getByRole('button', { name: 'Approve' }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve ${brandName}?` });
  await dialog.getByRole('radio', { name: 'Live on the home page now' }).check();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(notice(admin, 'Application approved: the offer is live')).toBeVisible();
}

/** The student app's home page, searched for one brand whose offer is the only card. */
export async function searchHome(page: Page, brand: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill(brand);
  await expect(offerCards(page)).toHaveCount(1);
  await expect(offerCards(page)).toHaveAccessibleName(brand);
}

/** Opens "Invite staff" and fills in who is invited, with the inviting admin's own password. */
export async function fillStaffInvitation(
  page: Page,
  invited: { email: string; firstName: string; lastName: string },
  adminPassword: string,
): Promise<void> {
  await openFromMenu(page, 'Staff');
  await page.getByRole('link', { name: 'Invite staff' }).click();
  await expect(page).toHaveURL(/#\/staff\/create$/);
  const fields: Array<[Locator, string]> = [
    [page.getByRole('textbox', { name: 'E-mail' }), invited.email],
    [page.getByRole('textbox', { name: 'First name' }), invited.firstName],
    [page.getByRole('textbox', { name: 'Last name' }), invited.lastName],
    [page.getByLabel('Your password'), adminPassword],
  ];
  // the new form sets its defaults just after it appears, which may clear what was typed first: type until it stays
  await expect(async () => {
    for (const [field, value] of fields) await field.fill(value);
    for (const [field, value] of fields) await expect(field).toHaveValue(value, { timeout: 500 });
  }).toPass();
}
