import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Router } from 'express';
import type { ReadinessCheck } from '@tullab/config';

export type CheckState = 'ok' | `down: ${string}`;

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

/** Rejects when the promise takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; each gets its own timeout (1 s by default). */
async function runChecks(checks: ReadinessCheck[]): Promise<Record<string, CheckState>> {
  const states = await Promise.all(
    checks.map(async ({ name, check, timeoutMs = 1000 }): Promise<[string, CheckState]> => {
      try {
        await withTimeout(check(), timeoutMs);
        return [name, 'ok'];
      } catch (err) {
        return [name, `down: ${(err as Error).message}`];
      }
    }),
  );
  return Object.fromEntries(states);
}

/**
 * `GET /healthz`: the process is up and its event loop answers (p99 delay under 1 s); no dependency checks.
 * `GET /readyz`: every dependency answers, and the process is not shutting down.
 */
export function healthRoutes(checks: ReadinessCheck[], isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    const p99Ms = Math.round(loopDelay.percentile(99) / 1e6);
    loopDelay.reset();
    res
      .status(p99Ms < 1000 ? 200 : 503)
      .json({ status: p99Ms < 1000 ? 'ok' : 'stalled', eventLoopDelayP99Ms: p99Ms });
  });
  router.get('/readyz', async (_req, res) => {
    if (isShuttingDown()) return void res.status(503).json({ status: 'shutting down', checks: {} });
    const states = await runChecks(checks);
    const ready = Object.values(states).every((state) => state === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: states });
  });
  return router;
}
