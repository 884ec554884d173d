// One process of `npm start`, kept running: when it exits by itself it is started again after a pause that doubles
// with every crash in a row, until too many crashes in a row make the launcher give up.
import { spawn } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';
import { pipeLines, say, sayEvent } from './output.mjs';

const STOP_GRACE_MS = 10000;

/**
 * The first restart comes after 1 s, each next one in a row twice as late, at most 30 s; a process that stayed up
 * a minute starts a new row; the fifth crash in a row (about 15 s of trying) is given up on.
 */
export const RESTARTS = { firstDelayMs: 1000, maxDelayMs: 30000, stableAfterMs: 60000, maxCrashesInARow: 5 };

/** No restart: the first crash gives up (a benchmark must not measure a restarted process). */
export const NO_RESTARTS = { ...RESTARTS, maxCrashesInARow: 1 };

/** The pause before the restart that follows the `crashesInARow`th crash in a row (1 for the first). */
export function restartDelay(policy, crashesInARow) {
  return Math.min(policy.firstDelayMs * 2 ** (crashesInARow - 1), policy.maxDelayMs);
}

const inSeconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs `command args` as the process `name`, in a process group of its own (Ctrl-C reaches only the launcher, which
 * stops the services before the infrastructure), every line it prints shown under its name. When it exits by itself
 * it is started again after `restartDelay`, with one line for the crash (exit code or signal, when the next attempt
 * is) and one for the restart (the new pid); after `policy.maxCrashesInARow` crashes in a row it stays down and
 * `onGiveUp(name)` is called. `stop()` ends it (SIGTERM, then SIGKILL if it has not exited 10 s later) and cancels a
 * restart that is due; `pid` is the pid of its latest start (e.g. to read its memory from /proc).
 */
export function supervise({ name, command, args, cwd, env, policy = RESTARTS, onGiveUp }) {
  let child;
  let exit;
  let startedAt;
  let crashesInARow = 0;
  let restart;
  let stopping = false;

  function onExit(exitCode, signal) {
    const upForMs = Date.now() - startedAt;
    if (upForMs >= policy.stableAfterMs) crashesInARow = 0;
    crashesInARow += 1;
    const fields = { exitCode, signal, upForMs, crashesInARow };
    if (crashesInARow >= policy.maxCrashesInARow) {
      const times = crashesInARow === 1 ? 'once' : `${crashesInARow} times in a row`;
      sayEvent(name, 'ERROR', `exited by itself ${times}: not restarting it`, fields);
      onGiveUp(name);
      return;
    }
    const restartInMs = restartDelay(policy, crashesInARow);
    sayEvent(name, 'WARN', `exited by itself: restarting in ${inSeconds(restartInMs)}`, {
      ...fields,
      restartInMs,
    });
    restart = setTimeout(() => {
      start();
      sayEvent(name, 'INFO', 'restarted', { pid: child.pid, crashesInARow });
    }, restartInMs);
  }

  function start() {
    startedAt = Date.now();
    child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    pipeLines(child.stdout, name);
    pipeLines(child.stderr, name);
    exit = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', (code, signal) => {
      if (!stopping) onExit(code, signal);
    });
  }

  start();
  return {
    get pid() {
      return child.pid;
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => {
        say(name, `still running ${STOP_GRACE_MS / 1000} s after SIGTERM: killing it`);
        child.kill('SIGKILL');
      }, STOP_GRACE_MS);
      await exit;
      clearTimeout(kill);
    },
  };
}
