import { expect, test, type Page } from '@playwright/test';
import { step } from '../../../scripts/e2e/support.mjs';
import { offerCards } from './student-app';

/** The demo catalogue's electronics brands, most popular first (the default sort). */
const ELECTRONICS = ['Volt Avenue', 'Pixel Dunes', 'Falcon Audio', 'ByteHub'];

/**
 * The order in which the grid shows `brands`. Other journeys may add offers to the shared stack, so only the
 * demo brands named are compared.
 */
async function orderShown(page: Page, brands: readonly string[]): Promise<string[]> {
  const shown = await offerCards(page).getByRole('heading', { level: 3 }).allTextContents();
  return shown.filter((brand) => brands.includes(brand));
}

test('a visitor browses, filters, sorts and searches the offers, and is asked to sign in to redeem', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'The First Student Offer Platform in the UAE' }),
  ).toBeVisible();
  await expect(offerCards(page).filter({ hasText: 'Qahwa Club' })).toBeVisible();
  await expect(page.getByText(/^Showing 24 of \d+ offers$/)).toBeVisible();
  await step(page, testInfo, 'home');

  await page.getByRole('link', { name: 'Start Saving Now' }).click();
  await expect(page.getByRole('heading', { name: 'Exclusive Student Offers' })).toBeInViewport();

  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Electronics' }).click();
  await expect(categories.getByRole('button', { name: 'Electronics', pressed: true })).toBeVisible();
  await expect.poll(() => orderShown(page, ELECTRONICS)).toEqual(ELECTRONICS);
  await expect(offerCards(page).filter({ hasNotText: 'Electronics' })).toHaveCount(0);
  await step(page, testInfo, 'category-electronics');

  // Highest discount: a percentage weighs ten times a fixed amount (25% → 250 before AED 200 → 200, 8% → 80).
  await page.getByLabel('Sort by').selectOption({ label: 'Highest discount' });
  await expect
    .poll(() => orderShown(page, ELECTRONICS))
    .toEqual(['Pixel Dunes', 'ByteHub', 'Volt Avenue', 'Falcon Audio']);
  await step(page, testInfo, 'sorted-by-highest-discount');

  await categories.getByRole('button', { name: 'All categories' }).click();
  const search = page.getByRole('searchbox', { name: 'Search offers' });
  await search.fill('no brand is called this');
  await expect(
    page.getByText('No offers found matching your criteria. Try adjusting your search or category filter.'),
  ).toBeVisible();
  await expect(offerCards(page)).toHaveCount(0);
  await step(page, testInfo, 'search-without-matches');

  await search.fill('HENNA');
  await expect(offerCards(page)).toHaveCount(1);
  await expect(offerCards(page)).toHaveAccessibleName('Henna Lab');
  await step(page, testInfo, 'search-henna');

  await offerCards(page).getByRole('button', { name: 'Get Offer from Henna Lab' }).click();
  const modal = page.getByRole('dialog', { name: 'Henna Lab' });
  await expect(modal.getByRole('heading', { name: 'Student Login Required' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Redeem discount code' })).toHaveCount(0);
  await step(page, testInfo, 'offer-asks-to-sign-in');

  await modal.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await step(page, testInfo, 'login');
});

test('an integrator reads the API reference at /api/docs, all of it from our origin and nothing refused by the CSP', async ({
  page,
}, testInfo) => {
  const ours = new URL(testInfo.project.use.baseURL ?? '').origin;
  const elsewhere: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== ours) elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Tullab API' }).first()).toBeVisible();
  await expect(page.getByText('Offers and tracking').first()).toBeVisible();
  await step(page, testInfo, 'api-reference');
  expect(elsewhere).toEqual([]);
  expect(refused).toEqual([]);
});
