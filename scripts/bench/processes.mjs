// The services of `npm run bench` as their own processes, as in production: started from their build, waited for
// until they answer, and stopped at the end.
import { spawn } from 'node:child_process';

/** Starts services with the shared `env`; `stopAll()` ends every one started and waits for them to exit. */
export function createProcesses(env) {
  const children = [];
  return {
    start(name, port, extra) {
      const child = spawn(process.execPath, [`services/${name}/dist/main.js`], {
        env: { ...env, PORT: String(port), ...extra },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      return child;
    },
    async stopAll() {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))),
      );
    },
  };
}

/** Polls `url` until it answers 2xx; throws after 30 s. */
export async function ready(url) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready in 30 s`);
}
