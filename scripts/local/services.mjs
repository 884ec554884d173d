// The five Node processes of the product, each with its name in front of every line it prints, restarted when
// they crash.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LaunchError } from './failure.mjs';
import { supervise } from './supervise.mjs';

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

/**
 * Starts the five processes, each kept running by `supervise` with the restart `policy`; `onGiveUp(name)` is called
 * when one of them keeps crashing. `pids()` answers each one's current pid by name.
 */
export function startServices({ repoRoot, env, policy, onGiveUp }) {
  const missing = SERVICES.map(({ name }) => join('services', name, 'dist', 'main.js')).filter(
    (file) => !existsSync(join(repoRoot, file)),
  );
  if (missing.length) throw new LaunchError(`the build did not produce ${missing.join(', ')}`);

  const processes = SERVICES.map(({ name }) =>
    supervise({
      name,
      command: process.execPath,
      args: [join('services', name, 'dist', 'main.js')],
      cwd: repoRoot,
      env: { ...env, ...ownVariables(name) },
      policy,
      onGiveUp,
    }),
  );

  return {
    pids() {
      return Object.fromEntries(SERVICES.map(({ name }, i) => [name, processes[i].pid]));
    },
    async stop() {
      await Promise.all(processes.map((supervised) => supervised.stop()));
    },
  };
}
