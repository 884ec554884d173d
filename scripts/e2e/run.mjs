// `npm run test:e2e` (and the last step of `npm test`): the Playwright journeys in Debian's Chromium. Where no
// Chromium is installed it says how to get one and skips, unless E2E_REQUIRED=1 (CI), where that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `e2e: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`${message}; E2E_REQUIRED=1, so this fails.`);
    process.exit(1);
  }
  console.warn(`${message}: the browser journeys are SKIPPED.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
