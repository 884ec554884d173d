// The stack the Playwright journeys run against: `npm start` itself (the launcher ops use), on a fresh PostgreSQL
// database of its own, a temporary DATA_DIR, the local Redis, and the launcher's S3 store and SMTP catcher (mail is
// read from http://127.0.0.1:8025/messages). Playwright starts this as its webServer and stops it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { freshDatabase } from '../local/fresh-database.mjs';
import { E2E_ADMIN, E2E_DATABASE, E2E_POSTGRES_URL } from './settings.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const databaseUrl = await freshDatabase(E2E_POSTGRES_URL, E2E_DATABASE);
const launcher = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tullab-e2e-')),
    QUEUE_PREFIX: `e2e${process.pid}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO_OFFERS: 'true',
    // every journey signs up from 127.0.0.1
    REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => launcher.kill(signal));
launcher.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
