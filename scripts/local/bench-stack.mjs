// What the browser benchmarks share: how they run (runBench), their medians, and the stack they measure: what
// `npm start` runs, as the browser journeys start it (scripts/e2e/serve.mjs), on a fresh database and a temporary
// DATA_DIR, with the demo catalogue.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { E2E_POSTGRES_URL } from '../e2e/settings.mjs';
import { createCleanup } from './cleanup.mjs';
import { loadDemoCatalogue } from './demo-catalogue.mjs';
import { LaunchError } from './failure.mjs';
import { freshDatabase } from './fresh-database.mjs';
import { startInfrastructure } from './infrastructure.mjs';
import { waitForReady } from './readiness.mjs';
import { GATEWAY_PORT, startServices } from './services.mjs';
import { NO_RESTARTS } from './supervise.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const BENCH_DATABASE = 'tullab_bench_web';

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs the benchmark `name`: parses its command line (`options` as node:util's parseArgs takes them; a bad one
 * prints `usage`), then `main({ options, startStack, cleanup })`, where `startStack(stackOptions)` starts the stack
 * below for it and `cleanup.add(name, stop)` registers more to stop. Whatever happens, and on SIGINT/SIGTERM,
 * everything it started is stopped before the process exits (1 on any failure).
 */
export async function runBench(name, { options, usage }, main) {
  const cleanup = createCleanup();
  let stopping = false;
  const stopAndExit = async (code) => {
    if (stopping) return;
    stopping = true;
    await cleanup.runAll();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAndExit(1));
  try {
    let values;
    try {
      ({ values } = parseArgs({ options }));
    } catch (err) {
      throw new LaunchError(`${err.message}\n${usage}`);
    }
    await main({
      options: values,
      cleanup,
      startStack: (stackOptions) => startBenchStack(name, cleanup, () => stopAndExit(1), stackOptions),
    });
  } catch (err) {
    console.error(err instanceof LaunchError ? err.message : (err?.stack ?? String(err)));
    process.exitCode = 1;
  }
  await stopAndExit(process.exitCode ?? 0);
}

/**
 * Starts the stack for the benchmark `name`; resolves once ready to its public URL, its database, the first admin's
 * credentials, the mail catcher's page, the services' current pids (`pids()`, by name), and its Redis and queue
 * prefix. Everything it starts is stopped by `cleanup`; a process of it stopping by itself (never restarted) calls
 * `onFailure` (which should stop the rest). Options: `database` (made afresh; default tullab_bench_web), `env`
 * (variables given to every process, over the defaults below) and `quietMail` (no line per caught message).
 */
export async function startBenchStack(name, cleanup, onFailure, options = {}) {
  const { database = BENCH_DATABASE, env: extraEnv = {}, quietMail = false } = options;
  if (!existsSync(join(repoRoot, 'apps', 'student-web', 'dist', 'index.html')))
    throw new LaunchError(`${name}: the student app is not built; run npm run build first`);
  const onUnexpectedExit = (process, code, signal) => {
    console.error(`${name}: ${process} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`);
    void onFailure();
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'tullab-bench-web-'));
  cleanup.add('DATA_DIR', () => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = await freshDatabase(E2E_POSTGRES_URL, database);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `benchweb${process.pid}`,
    SEED_DEMO_OFFERS: 'true',
    LOG_LEVEL: 'error',
    ...extraEnv,
  };
  const infra = await startInfrastructure({ env, repoRoot, dataDir, cleanup, onUnexpectedExit, quietMail });
  await loadDemoCatalogue({ repoRoot, env: { ...env, ...infra.env } });
  const services = startServices({
    repoRoot,
    env: { ...env, ...infra.env },
    policy: NO_RESTARTS,
    onGiveUp: () => void onFailure(),
  });
  cleanup.add('services', services.stop);
  await waitForReady(`http://127.0.0.1:${GATEWAY_PORT}/api/readyz`);
  return {
    url: infra.env.PUBLIC_URL,
    databaseUrl,
    admin: { email: infra.env.ADMIN_EMAIL, password: infra.env.ADMIN_PASSWORD },
    mailUrl: infra.uses.mailPage,
    pids: services.pids,
    redisUrl: infra.env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
  };
}
