import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  authenticatorApp,
  E2E_ADMIN,
  mailTo,
  resetSecondFactor,
  step,
  uniqueEmail,
  uniquePassword,
} from '../../../scripts/e2e/support.mjs';
import { offerCards, reloadUntilVisible } from '../../student-web/e2e/student-app';
import {
  applyAsMerchant,
  CONSOLE_URL,
  DOCUMENT_SIZE,
  expectVerificationStatus,
  fillStaffInvitation,
  LOGO_SIZE,
  notice,
  openFromMenu,
  openRecord,
  openVerificationOf,
  searchHome,
  section,
  studentWithPendingDocument,
  submitCode,
  submitPassword,
} from './admin-console';

/**
 * The staff journeys share one signed-in console: identity accepts each authenticator time-step once per account,
 * so the admin signs in once here (enrolling the authenticator) and again only at the end. Each journey's student or
 * visitor uses the test's own `page`, a browser context of its own. They can run again on the same stack
 * (`--repeat-each`): the admin's authenticator is reset first, and the brand is new each time.
 */
test.describe.configure({ mode: 'serial' });

let admin: Page;
let authenticator: () => Promise<string>;
/** The brand whose application is approved, then whose offer is edited: the only one of its name on the stack. */
const BRAND = `Sajeer Bakehouse ${randomBytes(2).toString('hex')}`;

test.beforeAll(async ({ browser }) => {
  resetSecondFactor(E2E_ADMIN.email);
  admin = await browser.newPage();
});

test.afterAll(async () => {
  await admin.context().close();
});

test('staff sign in for the first time by setting up an authenticator app with the key shown', async () => {
  const testInfo = test.info();
  await admin.goto(CONSOLE_URL);
  await expect(admin.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await submitPassword(admin, E2E_ADMIN.email, E2E_ADMIN.password);

  await expect(admin.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(
    admin.getByRole('img', { name: 'QR code to add Tullab to your authenticator app' }),
  ).toHaveJSProperty('complete', true);
  authenticator = authenticatorApp(await admin.getByRole('code').innerText());
  await step(admin, testInfo, 'enrolment');
  await submitCode(admin, await authenticator());

  await expect(admin.getByRole('heading', { level: 1, name: 'Welcome, Tullab Admin' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Background jobs per queue' })).toBeVisible();
  await step(admin, testInfo, 'dashboard');
});

test('staff approve a pending document shown inline; the student becomes active and is told by e-mail', async ({
  request,
}, testInfo) => {
  const student = await studentWithPendingDocument(request, 'approve');
  await expectVerificationStatus(request, 'pending');

  await openVerificationOf(admin, student.email);
  const requestPart = section(admin, 'Request');
  await expect(requestPart.getByText('Pending review', { exact: true })).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Student ID uploaded by Layla' })).toHaveJSProperty(
    'naturalWidth',
    DOCUMENT_SIZE,
  );
  await step(admin, testInfo, 'document-shown');

  await admin.getByRole('button', { name: 'Approve' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Approve this verification?' });
  await expect(dialog).toContainText('Layla becomes a verified student and is told by e-mail.');
  await step(admin, testInfo, 'approve-dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();

  await expect(notice(admin, 'Verification approved')).toBeVisible();
  await expect(requestPart.getByText('Approved', { exact: true })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await step(admin, testInfo, 'approved');

  await expectVerificationStatus(request, 'active');
  await mailTo(student.email, /^Your Tullab student status is verified$/);
});

test("staff reject a document with a reason; the student's dashboard shows Rejected", async ({
  page,
}, testInfo) => {
  const student = await studentWithPendingDocument(page.request, 'reject');
  const reason = 'The document is unreadable or incomplete. The photo is too blurred to read the dates.';

  await openVerificationOf(admin, student.email);
  await admin.getByRole('button', { name: 'Reject' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Reject with a reason' });
  await dialog.getByRole('radio', { name: 'The document is unreadable or incomplete.' }).check();
  await dialog
    .getByRole('textbox', { name: 'Details (optional)' })
    .fill('The photo is too blurred to read the dates.');
  await step(admin, testInfo, 'reject-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();

  await expect(notice(admin, 'Verification rejected')).toBeVisible();
  const requestPart = section(admin, 'Request');
  await expect(requestPart.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(requestPart.getByText(reason, { exact: true })).toBeVisible();
  await step(admin, testInfo, 'rejected');

  const mail = await mailTo(student.email, /^Your Tullab student verification was not approved$/);
  expect(mail.text).toContain(reason);

  await page.goto('/dashboard');
  const verification = page.getByRole('region', { name: 'Student Verification' });
  await reloadUntilVisible(page, verification.getByText('Rejected', { exact: true }));
  await expect(verification.getByText('Please contact support for assistance.')).toBeVisible();
  await step(page, testInfo, 'student-dashboard-rejected');
});

test('staff approve a merchant application as live and the offer appears on the home page', async ({
  page,
  request,
}, testInfo) => {
  const application = await applyAsMerchant(request, BRAND);

  await openFromMenu(admin, 'Merchant applications');
  await openRecord(admin, 'Brand or contact', BRAND);
  await expect(admin.getByRole('img', { name: `${BRAND} logo as uploaded` })).toHaveJSProperty(
    'naturalWidth',
    LOGO_SIZE,
  );
  await step(admin, testInfo, 'application');

  await admin.getByRole('button', { name: 'Approve' }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve ${BRAND}?` });
  await dialog.getByRole('radio', { name: 'Live on the home page now' }).check();
  await step(admin, testInfo, 'approve-dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();

  await expect(notice(admin, 'Application approved: the offer is live')).toBeVisible();
  await expect(admin).toHaveURL(/#\/offers\/[0-9a-f-]+\/show$/);
  await expect(section(admin, 'Status').getByText('Live', { exact: true })).toBeVisible();
  await step(admin, testInfo, 'offer-created');
  await mailTo(application.contactEmail, /^Your Tullab merchant application is approved$/);

  await searchHome(page, BRAND);
  await expect(offerCards(page)).toContainText('20% off for students');
  await step(page, testInfo, 'home-page');
});

test("staff edit an offer's title and the home page shows the new one", async ({ page }, testInfo) => {
  const title = 'Two saj wraps for the price of one';

  await openFromMenu(admin, 'Offers');
  await openRecord(admin, 'Title or brand', BRAND);
  await admin.getByRole('link', { name: 'Edit' }).click();
  const titleField = admin.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleField).toHaveValue('20% off for students');
  await titleField.fill(title);
  await step(admin, testInfo, 'title-edited');
  await admin.getByRole('button', { name: 'Save' }).click();

  await expect(notice(admin, 'Element updated')).toBeVisible();
  await expect(admin).toHaveURL(/#\/offers\/[0-9a-f-]+\/show$/);
  await step(admin, testInfo, 'saved');

  await searchHome(page, BRAND);
  await expect(offerCards(page)).toContainText(title);
  await expect(offerCards(page)).not.toContainText('20% off for students');
  await step(page, testInfo, 'home-page');
});

test('the failed-jobs page opens with the counts of every queue', async () => {
  const testInfo = test.info();
  await openFromMenu(admin, 'Failed jobs');
  const queues = admin.getByRole('table', { name: 'Background jobs per queue' });
  for (const queue of ['identity', 'verification', 'offers', 'notifications'])
    await expect(queues.getByRole('rowheader', { name: queue, exact: true })).toBeVisible();
  await expect(admin.getByText('Failed background jobs')).toBeVisible();
  await step(admin, testInfo, 'failed-jobs');
});

test('the data retention page lists each policy with its period, and staff run one now', async () => {
  const testInfo = test.info();
  await openFromMenu(admin, 'Data retention');
  const row = (title: string) => admin.getByRole('row').filter({ hasText: title });
  await expect(row('Student documents')).toContainText('30 days after the decision');
  await expect(row('Orphaned document files')).toContainText('60 minutes after it was stored');
  await expect(row('Sent e-mail bodies')).toContainText('30 days after delivery');
  await expect(row('Contact messages')).toContainText('180 days after it was received');
  await row('Student documents').getByRole('button', { name: 'Run now' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Run now' }).click();
  await expect(notice(admin, 'The policy ran')).toBeVisible();
  // the documents decided above are days within their period: the run removes nothing
  await expect(row('Student documents')).toContainText('0 items removed, run by staff');
  await step(admin, testInfo, 'data-retention');
});

test('the verifications list pages through the decided requests by their Content-Range', async () => {
  const testInfo = test.info();
  // the two requests decided above, at least
  const filter = encodeURIComponent(JSON.stringify({ status: ['approved', 'rejected'] }));
  const sort = encodeURIComponent(JSON.stringify(['createdAt', 'ASC']));
  const answer = await admin.request.get(
    `/api/admin/verifications?filter=${filter}&sort=${sort}&range=[0,1]`,
  );
  expect(answer.status()).toBe(200);
  const firstTwo = (await answer.json()) as Array<{ personalEmail: string }>;
  expect(firstTwo).toHaveLength(2);
  const total = Number(/^verifications 0-1\/(\d+)$/.exec(answer.headers()['content-range'] ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(2);

  await admin.goto(
    `${CONSOLE_URL}#/verifications?filter=${filter}&sort=createdAt&order=ASC&page=1&perPage=1`,
  );
  await expect(admin.getByText(`1-1 of ${total}`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: firstTwo[0].personalEmail })).toBeVisible();
  await step(admin, testInfo, 'page-1');
  await admin.getByRole('button', { name: 'Go to next page' }).click();
  await expect(admin.getByText(`2-2 of ${total}`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: firstTwo[1].personalEmail })).toBeVisible();
  await step(admin, testInfo, 'page-2');
});

test('an admin invites staff with their own password; the invitation sets the password and the authenticator together, so the first sign-in asks only for the code', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('reviewer', 'tullab.test');
  await fillStaffInvitation(admin, { email, firstName: 'Mariam', lastName: 'Haddad' }, E2E_ADMIN.password);
  await step(admin, testInfo, 'invite');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(notice(admin, `Invitation sent to ${email}`)).toBeVisible();

  const invitation = await mailTo(email, /^You are invited to the Tullab staff console$/);
  const link = /^Accept the invitation: (\S+)$/m.exec(invitation.text)?.[1];
  expect(link).toContain('/admin/#/accept-invitation?token=');
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'QR code to add Tullab to your authenticator app' }),
  ).toHaveJSProperty('complete', true);
  const app = authenticatorApp(await page.getByRole('code').innerText());
  const password = uniquePassword();
  await page.getByRole('textbox', { name: 'New password' }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await app());
  await step(page, testInfo, 'accept');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password and authenticator app are set. Please sign in.',
  );
  await mailTo(email, /^An authenticator app was set up for your Tullab staff account$/);

  await page.getByRole('button', { name: 'Go to sign in' }).click();
  await submitPassword(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await submitCode(page, await app());
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Mariam Haddad' })).toBeVisible();
  await step(page, testInfo, 'signed-in');
});

test('after signing out, a later sign-in asks only for the code', async () => {
  const testInfo = test.info();
  await admin.getByRole('button', { name: 'Profile' }).click();
  await admin.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(admin.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await submitPassword(admin, E2E_ADMIN.email, E2E_ADMIN.password);

  await expect(admin.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(admin.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await expect(admin.getByRole('code')).toHaveCount(0);
  await step(admin, testInfo, 'code-only');
  await submitCode(admin, await authenticator());

  await expect(admin.getByRole('heading', { level: 1, name: 'Welcome, Tullab Admin' })).toBeVisible();
  await step(admin, testInfo, 'signed-in-again');
});
