import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerStudent, step } from '../../../scripts/e2e/support.mjs';

/** Every route of SPEC §2 (and /how-it-works), as a visitor sees it. */
const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/for-merchants',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-service',
  '/how-it-works',
  '/no-such-page',
];

/** The screens only a signed-in student reaches. */
const STUDENT_ROUTES = ['/dashboard', '/student-verification', '/document-verification'];

async function expectNoSeriousViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  // on demand pages: wait until the page's own heading is there, not the loading state
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious, `${path} has serious or critical axe violations`).toEqual([]);
}

test('axe finds no serious or critical violation on any public route, at phone and desktop widths', async ({
  page,
}, testInfo) => {
  for (const width of [320, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PUBLIC_ROUTES) await expectNoSeriousViolations(page, path);
    await step(page, testInfo, `public-routes-${width}`);
  }
});

test('axe finds no serious or critical violation on the student-only screens and the open offer modal', async ({
  page,
}, testInfo) => {
  await registerStudent(page.request, 'axe');
  for (const path of STUDENT_ROUTES) await expectNoSeriousViolations(page, path);
  await page.goto('/');
  await page.getByRole('list', { name: 'Offers' }).getByRole('article').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await step(page, testInfo, 'offer-modal');
});
