import { expect, test } from '@playwright/test';
import { offerCards } from './student-app';

/** Issue "Fast path": the JavaScript of the home page, as it travels (compressed). */
const HOME_PAGE_SCRIPT_BUDGET_BYTES = 200 * 1000;

const pathOf = (url: string) => new URL(url).pathname;
const isScript = (url: string) => pathOf(url).endsWith('.js');
const OFFERS_PATH = '/api/offers';

test('the home page arrives compressed, with at most 200 kB of JavaScript on the wire', async ({ page }) => {
  /** the Content-Encoding of each script and of the offers, by URL */
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (response) => {
    const url = response.url();
    if (isScript(url) || pathOf(url) === OFFERS_PATH) {
      encodings.set(url, (await response.allHeaders())['content-encoding']);
    }
  });

  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'The First Student Offer Platform in the UAE' }),
  ).toBeVisible();
  await expect(offerCards(page).first()).toBeVisible();
  // everything the page fetches by itself (the offer modal's code comes once a pointer or the keyboard reaches the
  // offers)
  await page.waitForLoadState('networkidle');

  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: entry.name, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
  );
  const transferred = scripts.reduce((sum, script) => sum + script.bytes, 0);
  test.info().annotations.push({
    type: 'home page JavaScript',
    description: `${(transferred / 1000).toFixed(1)} kB in ${scripts.length} files`,
  });
  expect(scripts.length).toBeGreaterThan(0);
  expect(transferred).toBeLessThanOrEqual(HOME_PAGE_SCRIPT_BUDGET_BYTES);

  const offersUrl = [...encodings.keys()].find((url) => pathOf(url) === OFFERS_PATH);
  expect(offersUrl, `GET ${OFFERS_PATH} was made`).toBeDefined();
  for (const url of [...scripts.map((script) => script.url), offersUrl ?? OFFERS_PATH]) {
    expect(encodings.get(url) ?? 'no Content-Encoding', `${url} arrived compressed`).toMatch(/^(br|gzip)$/);
  }
});
