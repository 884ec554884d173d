import { defineConfig, devices } from '@playwright/test';
import { BASE_URL } from './scripts/e2e/settings.mjs';

const ACCESSIBILITY = 'apps/student-web/e2e/accessibility.spec.ts';

/**
 * The journeys of the apps (apps/<app>/e2e/*.spec.ts) and of the examples brands copy (examples/<example>/e2e/), against
 * the real stack that `npm start` runs (scripts/e2e/serve.mjs), in Debian's Chromium. The journeys run one at a time (they share one stack and its
 * mailbox, and staff change offers others read); the accessibility checks, which only read pages and sign up a student
 * of their own, run beside them in a second worker.
 */
export default defineConfig({
  testDir: '.',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  projects: [
    {
      name: 'journeys',
      testMatch: ['apps/*/e2e/**/*.spec.ts', 'examples/*/e2e/**/*.spec.ts'],
      testIgnore: ACCESSIBILITY,
      workers: 1,
    },
    { name: 'accessibility', testMatch: ACCESSIBILITY, workers: 1 },
  ],
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e/serve.mjs',
    url: 'http://127.0.0.1:8080/api/readyz',
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
