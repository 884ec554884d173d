// `npm start`: builds everything, starts the infrastructure that is not configured (PostgreSQL, Redis, S3, SMTP),
// loads the demo catalogue into an empty offers schema, runs the five processes (restarting any that crashes), waits for the gateway to be ready and prints where to go.
// Ctrl-C stops it all.
// `npm start -- --infra-only`: only the infrastructure, and the environment the services would get.
import { URL, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from './local/build.mjs';
import { createCleanup } from './local/cleanup.mjs';
import { prepareDataDir } from './local/data-dir.mjs';
import { loadDemoCatalogue } from './local/demo-catalogue.mjs';
import { LaunchError } from './local/failure.mjs';
import { startInfrastructure } from './local/infrastructure.mjs';
import { say } from './local/output.mjs';
import { waitForReady } from './local/readiness.mjs';
import { GATEWAY_PORT, startServices } from './local/services.mjs';
import { handleShutdown } from './local/shutdown.mjs';
import { printEnvironment, printSummary } from './local/summary.mjs';

const USAGE = `usage: npm start [-- --infra-only]

  --infra-only   build @tullab/testing, start only the infrastructure and print the environment the
                 services would get (DATABASE_URL, REDIS_URL, S3_*, SMTP_URL, INTERNAL_SECRET, ...)

Variables already set (DATABASE_URL, REDIS_URL, S3_ENDPOINT, SMTP_URL, ...) are used as they are; see .env.example.`;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cleanup = createCleanup();
const shutdown = handleShutdown(cleanup);

/** PostgreSQL or Redis, started by the launcher, stopped by itself: nothing works without it. */
function onUnexpectedExit(name, code, signal) {
  if (shutdown.stopping) return;
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  void shutdown.stopEverything(1, `${name} ${how}; stopping everything.`);
}

/** A service crashed too often in a row to be restarted again. */
function onGiveUp(name) {
  void shutdown.stopEverything(1, `${name} keeps crashing; stopping everything.`);
}

async function main() {
  let options;
  try {
    ({ values: options } = parseArgs({
      options: { 'infra-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    throw new LaunchError(`${err.message}\n${USAGE}`);
  }
  if (options.help) return void console.log(USAGE);
  const infraOnly = options['infra-only'] ?? false;

  await build(repoRoot, infraOnly ? ['--filter=@tullab/testing'] : []);
  const dataDir = await prepareDataDir(process.env, repoRoot);
  const infra = await startInfrastructure({ env: process.env, repoRoot, dataDir, cleanup, onUnexpectedExit });
  if (infraOnly) return printEnvironment(infra.env, infra.uses);

  const env = { ...process.env, ...infra.env };
  // before the services, so the catalogue is there once the gateway is ready; a failure leaves the catalogue empty
  await loadDemoCatalogue({ repoRoot, env }).catch((err) =>
    say('start', `${err.message}; the next start tries again`),
  );
  const services = startServices({ repoRoot, env, onGiveUp });
  cleanup.add('services', services.stop);
  await waitForReady(`http://127.0.0.1:${GATEWAY_PORT}/api/readyz`);
  printSummary(infra.env, infra.uses, process.env);
}

main().catch((err) => {
  if (shutdown.stopping) return;
  say('start', err instanceof LaunchError ? err.message : (err?.stack ?? String(err)));
  void shutdown.stopEverything(1);
});
