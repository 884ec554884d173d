// `npm test`: every suite, in the order and overlap that keeps a 2-CPU machine busy without overloading it (the README's
// Tests section). The packages are built once first, so that nothing below builds them twice at the same time. Then
// two lanes run side by side: the checks, the services' and packages' jest suites and the fault suite, and the script
// checks then the browser journeys (both mostly waiting on a stack, a browser and mail); last the apps' suites (jsdom,
// all CPU and short waits) alone. Output goes through whole lines, so lanes never mix within
// a line. Exits 1 if anything failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Runs one command to its end, its output passed on line by line; answers whether it succeeded. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${line}\n`));
    child.on('error', (err) => {
      console.error(`${command} ${args.join(' ')}: ${err.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

/** Runs npm scripts one after the other, stopping at the first that fails. */
async function lane(...steps) {
  for (const [command, ...args] of steps) if (!(await run(command, args))) return false;
  return true;
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

const APPS = ['@tullab/student-web', '@tullab/admin-web', '@tullab/merchant-web', '@tullab/web-kit'];
const jest = (...filters) => [
  'npx',
  'turbo',
  'run',
  'test',
  '--concurrency=1',
  ...filters.map((f) => `--filter=${f}`),
];

const built = await lane(['npx', 'turbo', 'run', 'build']);
// the services' and packages' suites wait on PostgreSQL, Redis and HTTP much of the time, as the journeys do
const [services, browser] = built
  ? await Promise.all([
      // the fault suite runs on a PostgreSQL, a Redis and ports of its own, so it shares nothing with the journeys
      lane(['npm', 'run', 'test:trace'], jest(...APPS.map((app) => `!${app}`)), [
        'npm',
        'run',
        'test:faults',
      ]),
      // the script checks start stacks of their own on the launcher's ports, so they end before the journeys' starts
      lane(['npm', 'run', 'test:scripts'], ['node', 'scripts/e2e/run.mjs']),
    ])
  : [false, false];
// the apps' suites render in jsdom, all CPU and short waits: alone, or their waits for the screen run out
const apps = services && browser && (await lane(jest(...APPS)));
if (!apps) {
  const failed = !built
    ? 'the build'
    : !services
      ? 'the checks, the services’ and packages’ tests or the fault suite'
      : !browser
        ? 'the script checks or the browser journeys'
        : 'the apps’ tests';
  console.error(`npm test failed: ${failed}`);
  process.exit(1);
}
