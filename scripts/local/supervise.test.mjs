// Tests of the launcher's restarts (`node --test`, run by `npm run test:scripts`): a small launcher made of what
// scripts/start.mjs is made of (cleanup, shutdown, supervise) runs a tiny Node program as the process `fake`; the
// test kills it, reads the launcher's lines and signals the launcher as a terminal would.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, describe, test } from 'node:test';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL } from 'node:url';

const moduleUrl = (name) => new URL(name, import.meta.url).href;

const LAUNCHER = `
import { createCleanup } from ${JSON.stringify(moduleUrl('./cleanup.mjs'))};
import { handleShutdown } from ${JSON.stringify(moduleUrl('./shutdown.mjs'))};
import { supervise } from ${JSON.stringify(moduleUrl('./supervise.mjs'))};

const cleanup = createCleanup();
const shutdown = handleShutdown(cleanup);
const fake = supervise({
  name: 'fake',
  command: process.execPath,
  args: ['-e', process.env.FAKE_PROGRAM],
  env: process.env,
  policy: JSON.parse(process.env.RESTART_POLICY),
  onGiveUp: (name) => void shutdown.stopEverything(1, name + ' keeps crashing; stopping everything.'),
});
cleanup.add('fake', fake.stop);
process.on('SIGUSR2', () => console.log('start | supervising pid ' + fake.pid));
`;

/** The fake service: says its pid, then runs until killed, or exits with `exitCode` after `afterMs`. */
const fakeProgram = ({ exitCode, afterMs = 0 } = {}) =>
  `console.log('pid ' + process.pid);` +
  (exitCode === undefined
    ? 'setInterval(() => {}, 1000);'
    : `setTimeout(() => process.exit(${exitCode}), ${afterMs});`);

/** The line in which the fake service says its pid. */
const PID = /^fake +\| pid (\d+)$/;
/** The launcher's answer to SIGUSR2: the pid `supervise` says it runs now. */
const SUPERVISED_PID = /^start \| supervising pid (\d+)$/;
/** A line of the supervisor about `fake`: its level, its message and its fields. */
const event = (level) => new RegExp(`^fake +\\| ${level} +(.*?) (\\{.*\\})$`);

/** The launchers started, each with the pids of its fake services: a test that fails leaves none of them running. */
const started = [];
afterEach(() => {
  for (const { launcher, fakes } of started.splice(0)) {
    if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill('SIGKILL');
    for (const pid of fakes) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
});

/**
 * Starts the launcher with the restart policy and fake program given. `next(pattern)` resolves with the next line
 * (from where the last call stopped) that matches, or fails after 10 s or at the end of the output; `exited` with
 * the launcher's exit code.
 */
function startLauncher(policy, program) {
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', LAUNCHER], {
    env: { ...process.env, NO_COLOR: '1', RESTART_POLICY: JSON.stringify(policy), FAKE_PROGRAM: program },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const fakes = new Set();
  started.push({ launcher, fakes });
  const lines = [];
  let read = 0;
  let ended = false;
  let wake = () => {};
  createInterface({ input: launcher.stdout })
    .on('line', (line) => {
      lines.push({ line, at: Date.now() });
      const pid = PID.exec(line)?.[1];
      if (pid) fakes.add(Number(pid));
      wake();
    })
    .on('close', () => {
      ended = true;
      wake();
    });
  const exited = once(launcher, 'exit').then(([code]) => code);
  async function next(pattern) {
    const deadline = Date.now() + 10000;
    for (;;) {
      while (read < lines.length) {
        const { line, at } = lines[read++];
        const match = pattern.exec(line);
        if (match) return { match, at };
      }
      if (ended || Date.now() >= deadline) {
        throw new Error(`no line matching ${pattern} in:\n${lines.map((entry) => entry.line).join('\n')}`);
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
  return { launcher, next, exited };
}

async function nextPid(next) {
  return Number((await next(PID)).match[1]);
}

/** The pid `supervise` gives for the fake service now (its `pid`), asked with SIGUSR2. */
async function supervisedPid(launcher, next) {
  launcher.kill('SIGUSR2');
  return Number((await next(SUPERVISED_PID)).match[1]);
}

async function nextEvent(next, level) {
  const { match, at } = await next(event(level));
  return { message: match[1], fields: JSON.parse(match[2]), at };
}

/** True while a process with that pid exists. */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    if (err.code === 'ESRCH') return false;
    throw err;
  }
}

describe('supervise, under the launcher', () => {
  test('a service killed with SIGKILL is started again after the first pause, with a line for the crash and one for the restart; its pid follows the restart; SIGTERM to the launcher stops it', async () => {
    const policy = { firstDelayMs: 300, maxDelayMs: 5000, stableAfterMs: 60000, maxCrashesInARow: 3 };
    const { launcher, next, exited } = startLauncher(policy, fakeProgram());
    const first = await nextPid(next);
    assert.equal(await supervisedPid(launcher, next), first);
    process.kill(first, 'SIGKILL');

    const crash = await nextEvent(next, 'WARN');
    assert.equal(crash.message, 'exited by itself: restarting in 0.3 s');
    assert.deepEqual(
      { ...crash.fields, upForMs: typeof crash.fields.upForMs },
      { exitCode: null, signal: 'SIGKILL', upForMs: 'number', crashesInARow: 1, restartInMs: 300 },
    );
    const restarted = await nextEvent(next, 'INFO');
    assert.equal(restarted.message, 'restarted');
    assert.ok(restarted.at - crash.at >= 250, `restarted ${restarted.at - crash.at} ms after the crash`);
    const second = await nextPid(next);
    assert.deepEqual(restarted.fields, { pid: second, crashesInARow: 1 });
    assert.notEqual(second, first);
    assert.equal(isRunning(first), false);
    assert.equal(isRunning(second), true);
    assert.equal(await supervisedPid(launcher, next), second);

    launcher.kill('SIGTERM');
    await next(/^start +\| SIGTERM: stopping$/);
    await next(/^start +\| stopped\.$/);
    assert.equal(await exited, 0);
    assert.equal(isRunning(second), false);
  });

  test('each crash in a row waits twice as long as the one before, up to the cap; the last one allowed stops the launcher with 1', async () => {
    const policy = { firstDelayMs: 100, maxDelayMs: 300, stableAfterMs: 60000, maxCrashesInARow: 4 };
    const { next, exited } = startLauncher(policy, fakeProgram({ exitCode: 3 }));
    const pauses = [];
    for (let crash = 1; crash < 4; crash += 1) {
      await nextPid(next);
      const { fields } = await nextEvent(next, 'WARN');
      assert.equal(fields.exitCode, 3);
      assert.equal(fields.crashesInARow, crash);
      pauses.push(fields.restartInMs);
    }
    assert.deepEqual(pauses, [100, 200, 300]);
    await nextPid(next);
    const gaveUp = await nextEvent(next, 'ERROR');
    assert.equal(gaveUp.message, 'exited by itself 4 times in a row: not restarting it');
    assert.deepEqual(
      { ...gaveUp.fields, upForMs: typeof gaveUp.fields.upForMs },
      { exitCode: 3, signal: null, upForMs: 'number', crashesInARow: 4 },
    );
    await next(/^start +\| fake keeps crashing; stopping everything\.$/);
    assert.equal(await exited, 1);
  });

  test('a service that stayed up long enough starts a new row: every crash waits the first pause and none gives up', async () => {
    const policy = { firstDelayMs: 100, maxDelayMs: 5000, stableAfterMs: 200, maxCrashesInARow: 2 };
    const { launcher, next, exited } = startLauncher(policy, fakeProgram({ exitCode: 4, afterMs: 400 }));
    for (let crash = 0; crash < 3; crash += 1) {
      await nextPid(next);
      const { fields } = await nextEvent(next, 'WARN');
      assert.ok(fields.upForMs >= 400, `up for ${fields.upForMs} ms`);
      assert.deepEqual([fields.exitCode, fields.crashesInARow, fields.restartInMs], [4, 1, 100]);
    }
    launcher.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
