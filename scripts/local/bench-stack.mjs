// The stack the browser benchmarks measure: what `npm start` runs, as the browser journeys start it
// (scripts/e2e/serve.mjs), on a fresh database and a temporary DATA_DIR, with the demo catalogue.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { E2E_POSTGRES_URL } from '../e2e/settings.mjs';
import { LaunchError } from './failure.mjs';
import { freshDatabase } from './fresh-database.mjs';
import { startInfrastructure } from './infrastructure.mjs';
import { waitForReady } from './readiness.mjs';
import { GATEWAY_PORT, startServices } from './services.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const BENCH_DATABASE = 'tullab_bench_web';

/**
 * Starts the stack for the benchmark `name`; resolves to its public URL and its database once ready. Everything it
 * starts is stopped by `cleanup`; a process of it stopping by itself calls `onFailure` (which should stop the rest).
 */
export async function startBenchStack(name, cleanup, onFailure) {
  if (!existsSync(join(repoRoot, 'apps', 'student-web', 'dist', 'index.html')))
    throw new LaunchError(`${name}: the student app is not built; run npm run build first`);
  const onUnexpectedExit = (process, code, signal) => {
    console.error(`${name}: ${process} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`);
    void onFailure();
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'tullab-bench-web-'));
  cleanup.add('DATA_DIR', () => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = await freshDatabase(E2E_POSTGRES_URL, BENCH_DATABASE);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `benchweb${process.pid}`,
    SEED_DEMO_OFFERS: 'true',
    LOG_LEVEL: 'error',
  };
  const infra = await startInfrastructure({ env, repoRoot, dataDir, cleanup, onUnexpectedExit });
  const services = startServices({ repoRoot, env: { ...env, ...infra.env }, onUnexpectedExit });
  cleanup.add('services', services.stop);
  await waitForReady(`http://127.0.0.1:${GATEWAY_PORT}/api/readyz`);
  return { url: infra.env.PUBLIC_URL, databaseUrl };
}
