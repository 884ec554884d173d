// `npm test`: every suite, in the order and overlap that keeps a 2-CPU machine busy (the README's Tests section). The
// packages are built once first, so that nothing below builds them twice at the same time. Then two lanes
// run side by side: the checks and every package's jest tests (busy CPUs), and the browser journeys (mostly waiting on
// a browser, a stack and its mail); the fault suite, which loads the machine on purpose, runs last and alone. Each
// lane's output goes through whole lines, so the two never mix within a line. Exits 1 if anything failed.
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

const built = await lane(['npx', 'turbo', 'run', 'build']);
const [checks, browser] = built
  ? await Promise.all([
      lane(
        ['npm', 'run', 'test:trace'],
        ['npm', 'run', 'test:scripts'],
        ['npx', 'turbo', 'run', 'test', '--concurrency=1'],
      ),
      lane(['node', 'scripts/e2e/run.mjs']),
    ])
  : [false, false];
const faults = checks && browser && (await lane(['npm', 'run', 'test:faults']));
if (!(built && checks && browser && faults)) {
  console.error(
    `npm test failed: ${!built ? 'the build' : !checks ? 'the checks or unit tests' : !browser ? 'the browser journeys' : 'the fault suite'}`,
  );
  process.exit(1);
}
