// How the launcher ends: once, running every stop step of its cleanup, on Ctrl-C, SIGTERM or SIGHUP (exit 0), or
// when something fails (exit 1).
import { say } from './output.mjs';

/**
 * Makes SIGINT, SIGTERM and SIGHUP stop everything `cleanup` holds and exit 0, and so does a crash of the launcher
 * itself with 1 (the services and Redis run in process groups of their own, so it must still stop them).
 * `stopEverything(exitCode, reason)` does the same from the code; `stopping` tells whether it has begun.
 */
export function handleShutdown(cleanup) {
  let stopping = false;

  async function stopEverything(exitCode, reason) {
    if (stopping) return;
    stopping = true;
    if (reason) say('start', reason);
    await cleanup.runAll();
    say('start', 'stopped.');
    process.exit(exitCode);
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (stopping) say('start', 'still stopping…');
      else void stopEverything(0, `${signal}: stopping`);
    });
  }
  process.on('uncaughtException', (err) => {
    say('start', err.stack ?? String(err));
    void stopEverything(1);
  });

  return {
    stopEverything,
    get stopping() {
      return stopping;
    },
  };
}
