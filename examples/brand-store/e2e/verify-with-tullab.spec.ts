import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { applyAsMerchant, approveInConsole } from '../../../apps/admin-web/e2e/admin-console';
import { acceptInvitation, type MerchantAccount } from '../../../apps/merchant-web/e2e/merchant-portal';
import { logIn, toast } from '../../../apps/student-web/e2e/student-app';
import { BASE_URL, registerVerifiedStudent, step } from '../../../scripts/e2e/support.mjs';
import { createStore } from '../app.mjs';
import { loadConfig } from '../config.mjs';

/**
 * Issue 30 point 7: the sample brand store (examples/brand-store) integrated as a brand would, run through by a
 * student. Staff approve a brand, whose developer makes a test app in the portal for the shop's callback; the shop
 * runs in this process on a free port of this computer (a test app may send students back to http://localhost); a
 * verified student, signed in at Tullab, presses the shop's "Verify with Tullab", allows on Tullab's consent screen in
 * the popup, and is back at the shop's checkout with the student price; the order is reported to Tullab and the
 * portal's funnel shows it among the test apps' checkouts, apart from the students' figures; Tullab's signed webhooks
 * reach the shop, which checks their signatures.
 */
test.describe.configure({ mode: 'serial' });

const account: MerchantAccount = {
  brandName: `Sahara Kicks ${randomBytes(2).toString('hex')}`,
  contactEmail: '',
  password: `Merchant dunes ${randomBytes(4).toString('hex')} at dusk`,
};
const APP_NAME = 'Sahara Kicks shop (test)';
/** The shop's student price: AED 400 less 20%. */
const STUDENT_PRICE = /^AED\s320\.00$/;

/** The shop's server: listening from the start (its address is the app's redirect URI), open once it has an app. */
let shop: Server;
let shopUrl: string;
/** The brand's contact's browser, signed in to the portal. */
let merchant: Page;
let offerId: string;
/** What the shop logged as going wrong: nothing, when all is well. */
const shopProblems: unknown[][] = [];

test.beforeAll(async ({ browser }) => {
  shop = createServer((_req, res) => res.writeHead(503).end('The shop is not open yet'));
  shop.listen(0);
  await once(shop, 'listening');
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
  merchant = await browser.newPage();
});

test.afterAll(async () => {
  await merchant?.context().close();
  shop?.closeAllConnections();
  await new Promise((resolve) => shop?.close(resolve));
});

/** The shop, configured as its README says, with what the portal showed. */
function openShop(clientId: string, clientSecret: string, webhookSecret: string): void {
  const config = loadConfig({
    TULLAB_URL: BASE_URL,
    TULLAB_CLIENT_ID: clientId,
    TULLAB_CLIENT_SECRET: clientSecret,
    TULLAB_OFFER_ID: offerId,
    PORT: String((shop.address() as AddressInfo).port),
    STORE_URL: shopUrl,
    WEBHOOK_SECRET: webhookSecret,
  });
  const problem =
    (level: string) =>
    (...args: unknown[]) => {
      console.error(`shop ${level}:`, ...args);
      shopProblems.push(args);
    };
  const log = { info: () => undefined, warn: problem('warning'), error: problem('error') };
  shop.removeAllListeners('request');
  shop.on('request', createStore(config, { log }));
}

/** A value of the dialog that shows an app's credentials once, by its heading ('Client ID', 'Client secret'). */
const credential = (dialog: Locator, heading: string): Locator =>
  dialog
    .locator('div')
    .filter({ has: dialog.page().getByRole('heading', { name: heading, exact: true }) })
    .last()
    .getByRole('code');

test("a brand approved by staff makes a test app in the portal for its shop's callback", async ({
  browser,
  request,
}, testInfo) => {
  ({ contactEmail: account.contactEmail } = await applyAsMerchant(request, account.brandName));
  const admin = await browser.newPage();
  await approveInConsole(admin, account.brandName);
  await admin.context().close();
  await acceptInvitation(merchant, account);

  // the offer's id is the end of its page's address
  await merchant
    .getByRole('table', { name: 'Your offers' })
    .getByRole('link', { name: '20% off for students' })
    .click();
  await expect(merchant).toHaveURL(/\/merchant\/offers\/[0-9a-f-]{36}$/);
  offerId = new URL(merchant.url()).pathname.split('/').pop()!;

  await merchant.getByRole('link', { name: 'Apps', exact: true }).click();
  await expect(merchant.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  await merchant.getByRole('button', { name: 'Create an app' }).click();
  const form = merchant.getByRole('dialog', { name: 'Create an app' });
  await form.getByRole('textbox', { name: 'Name' }).fill(APP_NAME);
  await form.getByRole('textbox', { name: 'Redirect URIs' }).fill(`${shopUrl}/tullab/callback`);
  await expect(form.getByRole('combobox', { name: 'Mode' })).toHaveValue('test');
  await step(merchant, testInfo, 'create-app');
  await form.getByRole('button', { name: 'Create app' }).click();

  const issued = merchant.getByRole('dialog', { name: `The client ID and secret of "${APP_NAME}"` });
  const clientId = await credential(issued, 'Client ID').innerText();
  const clientSecret = await credential(issued, 'Client secret').innerText();
  await issued.getByRole('button', { name: 'Done' }).click();
  await expect(issued).toBeHidden();
  const app = merchant.getByTestId('brand-app').filter({ hasText: APP_NAME });
  await expect(app).toContainText(clientId);
  await expect(app).toContainText(`${shopUrl}/tullab/callback`);
  await step(merchant, testInfo, 'apps');

  // the shop's webhook, as its developer sets it up with the portal's API (the dialog has its own tests)
  // (notifications learns of a new app from identity's event, within moments: until then the app is unknown to it)
  let secret = '';
  await expect(async () => {
    const webhook = await merchant.request.put(`${BASE_URL}/api/merchant/apps/${clientId}/webhook`, {
      headers: { Origin: BASE_URL },
      data: { url: `${shopUrl}/webhooks`, events: ['student.verified', 'redemption.created'] },
    });
    expect(webhook.status()).toBe(200);
    ({ secret } = (await webhook.json()) as { secret: string });
  }).toPass({ timeout: 15_000 });
  expect(secret).toMatch(/^whsec_/);

  openShop(clientId, clientSecret, secret);
});

test('a signed-in student verifies with the button, allows at Tullab, and orders at the student price', async ({
  page,
  request,
}, testInfo) => {
  const student = await registerVerifiedStudent(request, 'shopper');
  await page.goto('/login');
  await logIn(page, student.email, student.password);
  await expect(toast(page, 'Login Successful!')).toBeVisible();

  await page.goto(shopUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Dune Runner trainers' })).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify with Tullab' });
  await expect(verify).toBeEnabled();
  await step(page, testInfo, 'product');

  const popupOpened = page.waitForEvent('popup');
  await verify.click();
  const popup = await popupOpened;
  // Tullab's consent screen, the student app's page, names the app asking and that it is a test app
  await expect(popup).toHaveURL(new RegExp(`^${BASE_URL}/connect/[A-Za-z0-9_-]+$`));
  await expect(
    popup.getByRole('heading', { level: 1, name: `${APP_NAME} wants to confirm you are a verified student` }),
  ).toBeVisible();
  await expect(popup.getByText('Test app', { exact: true })).toBeVisible();
  await step(popup, testInfo, 'consent');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();

  // back at the shop's origin, the button closes the popup and takes the page where it landed
  await closed;
  await expect(page).toHaveURL(`${shopUrl}/checkout`);
  await expect(page.getByRole('status')).toContainText(/^Verified with Tullab: you are a student until \d/);
  await expect(page.getByTestId('checkout-total')).toHaveText(STUDENT_PRICE);
  expect(shopProblems).toEqual([]);
  await step(page, testInfo, 'checkout');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveText(/^SK-[0-9A-F]{8}$/);
  await expect(page.getByTestId('order-total')).toHaveText(STUDENT_PRICE);
  await expect(page.getByText(/^Reported to Tullab as order [0-9a-f-]{36}\.$/)).toBeVisible();
  expect(shopProblems).toEqual([]);
  await step(page, testInfo, 'confirmation');
});

test("the portal's funnel shows the test app's redemption and order today, apart from the students' figures", async () => {
  const testInfo = test.info();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
  await merchant.goto('/merchant');
  const funnel = merchant.getByTestId('merchant-funnel');
  const total = (figure: string) =>
    funnel.getByTestId(`funnel-total-${figure}`).getByRole('definition').first();
  await funnel.getByRole('combobox', { name: 'Offer' }).selectOption(offerId);

  // students' and live checkouts' figures: a test app's checkout is not among them
  await expect(total('orders')).toHaveText('0');
  await expect(total('revenue')).toHaveText(/^AED\s0\.00$/);

  await funnel.getByRole('combobox', { name: 'Figures' }).selectOption({ label: "Test apps' checkouts" });
  await expect(funnel.getByTestId('funnel-test-mode')).toBeVisible();
  await expect(total('redemptions')).toHaveText('1');
  await expect(total('orders')).toHaveText('1');
  await expect(total('revenue')).toHaveText(STUDENT_PRICE);
  // today's row of the figures per day (UAE time)
  await expect(funnel.getByTestId(`funnel-day-${today}`)).toContainText(/1\s*AED\s320\.00$/);
  await step(merchant, testInfo, 'funnel-test-mode');
});

test("Tullab's webhooks reached the shop, signed: the student verified and the redemption, nothing personal", async ({
  request,
}) => {
  // the shop's log holds only deliveries whose signature it verified
  let received: Array<{ type: string; data: Record<string, unknown> }> = [];
  await expect(async () => {
    received = await (await request.get(`${shopUrl}/webhooks/log`)).json();
    expect(received.map((event) => event.type).sort()).toEqual(['redemption.created', 'student.verified']);
  }).toPass({ timeout: 30_000 });
  const redemption = received.find((event) => event.type === 'redemption.created')!;
  expect(redemption.data).toMatchObject({
    offer_id: offerId,
    redemption_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    subject: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  const verified = received.find((event) => event.type === 'student.verified')!;
  expect(verified.data.subject).toBe(redemption.data.subject);
  expect(JSON.stringify(received)).not.toMatch(/@|shopper/);
});
