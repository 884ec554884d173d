import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerStudent, step, waitForStillness } from '../../../scripts/e2e/support.mjs';
import { offerCards } from './student-app';

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
  await waitForStillness(page);
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

// One test per route and width: axe takes seconds a page on a busy machine, too long for all in one test. Each route
// is checked on a phone in Arabic (right to left, where most layout faults show) and on a desktop in English; the
// student-only screens below in English on a desktop and in Arabic at both widths. Each leaves a full-page screenshot.
for (const [language, width] of [
  ['ar', 320],
  ['en', 1366],
] as const) {
  test.describe(`in ${language === 'ar' ? 'Arabic' : 'English'} at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PUBLIC_ROUTES) {
      test(`axe finds no serious or critical violation on the public route ${path}`, async ({
        page,
      }, testInfo) => {
        await expectNoSeriousViolations(page, language === 'ar' ? `${path}?lang=ar` : path);
        if (language === 'ar') await expectArabicPage(page);
        await step(page, testInfo, `${language}-${path.slice(1) || 'home'}-${width}`);
      });
    }
  });
}

/** The page is in Arabic, right to left, for the browser and screen readers. */
async function expectArabicPage(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/[\u0600-\u06FF]/);
}

// The student-only screens, one test per language and width as for the public routes (all of them in one test ran
// past its time on a loaded machine).
for (const [language, width] of [
  ['en', 1366],
  ['ar', 320],
  ['ar', 1366],
] as const) {
  test(`axe finds no serious or critical violation on the student-only screens in ${language === 'ar' ? 'Arabic' : 'English'} at ${width} px wide`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await registerStudent(page.request, 'axe');
    for (const path of STUDENT_ROUTES) {
      await expectNoSeriousViolations(page, language === 'ar' ? `${path}?lang=ar` : path);
      if (language === 'ar') {
        await expectArabicPage(page);
        await step(page, testInfo, `ar-${path.slice(1)}-${width}`);
      }
    }
  });
}

test('axe finds no serious or critical violation in the open offer modal of a signed-in student', async ({
  page,
}, testInfo) => {
  await registerStudent(page.request, 'axe');
  await page.goto('/?lang=en');
  await offerCards(page).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // axe sees the dialog as the student does once it has faded in, not half-way (where its text has less contrast)
  await waitForStillness(page);
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await step(page, testInfo, 'offer-modal');
});

test('with reduced motion asked for, the offer modal, its backdrop and a toast appear at once, with nothing fading, growing or sliding', async ({
  page,
}, testInfo) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await offerCards(page).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await finiteAnimations(page)).toEqual([]);
  expect(await opacityOf(page, '.MuiDialog-container')).toBe('1');
  expect(await opacityOf(page, '.MuiBackdrop-root')).toBe('1');

  await dialog.getByRole('button', { name: 'Share this offer' }).click();
  await expect(page.getByText('Link Copied!', { exact: true })).toBeVisible();
  expect(await finiteAnimations(page)).toEqual([]);
  await step(page, testInfo, 'reduced-motion');
});

/** The CSS transitions and animations running on the page that end by themselves (not a spinner's). */
function finiteAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) =>
        a instanceof CSSTransition
          ? a.transitionProperty
          : a instanceof CSSAnimation
            ? a.animationName
            : a.id,
      ),
  );
}

/** The computed opacity of the first element matching `selector`. */
function opacityOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).opacity);
}
