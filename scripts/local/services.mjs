// The five Node processes of the product, each with its name in front of every line it prints.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { LaunchError } from './failure.mjs';
import { pipeLines, say } from './output.mjs';

const STOP_GRACE_MS = 10000;
export const GATEWAY_PORT = 8080;
export const SERVICES = [
  { name: 'identity', port: 4001 },
  { name: 'verification', port: 4002 },
  { name: 'offers', port: 4003 },
  { name: 'notifications', port: 4004 },
  { name: 'gateway', port: GATEWAY_PORT },
];

const localUrl = (port) => `http://127.0.0.1:${port}`;

/** The variables one process gets on top of the shared ones: its PORT, and for the gateway where the others are. */
export function ownVariables(name) {
  const { port } = SERVICES.find((service) => service.name === name);
  if (name !== 'gateway') return { PORT: String(port) };
  const urls = SERVICES.filter((service) => service.name !== 'gateway').map((service) => [
    `${service.name.toUpperCase()}_URL`,
    localUrl(service.port),
  ]);
  return { PORT: String(port), ...Object.fromEntries(urls) };
}

/** SIGTERM, then SIGKILL if it has not exited after 10 s. */
async function stopChild({ name, child, exit }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    say(name, `still running ${STOP_GRACE_MS / 1000} s after SIGTERM: killing it`);
    child.kill('SIGKILL');
  }, STOP_GRACE_MS);
  await exit;
  clearTimeout(timer);
}

export function startServices({ repoRoot, env, onUnexpectedExit }) {
  const missing = SERVICES.map(({ name }) => join('services', name, 'dist', 'main.js')).filter(
    (file) => !existsSync(join(repoRoot, file)),
  );
  if (missing.length) throw new LaunchError(`the build did not produce ${missing.join(', ')}`);

  let stopping = false;
  const children = SERVICES.map(({ name }) => {
    // its own process group: Ctrl-C reaches only the launcher, which stops the services before the infrastructure
    const child = spawn(process.execPath, [join('services', name, 'dist', 'main.js')], {
      cwd: repoRoot,
      env: { ...env, ...ownVariables(name) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    pipeLines(child.stdout, name);
    pipeLines(child.stderr, name);
    const exit = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', (code, signal) => {
      if (!stopping) onUnexpectedExit(name, code, signal);
    });
    return { name, child, exit };
  });

  return {
    async stop() {
      stopping = true;
      await Promise.all(children.map(stopChild));
    },
  };
}
