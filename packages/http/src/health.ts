import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Router, type Response } from 'express';
import type { ReadinessCheck } from '@tullab/config';
import { serviceProbes } from '@tullab/contracts';
import { SENT } from './routes';

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

/** A health route's answer: 200 when all is well, 503 when not, and what was checked. */
export interface HealthAnswer {
  status: number;
  body: { status: string; [detail: string]: unknown };
}

/** `GET /healthz`: the process is up and its event loop answers (p99 delay under 1 s); no dependency checks. */
export function liveness(): HealthAnswer {
  const p99Ms = Math.round(loopDelay.percentile(99) / 1e6);
  loopDelay.reset();
  return {
    status: p99Ms < 1000 ? 200 : 503,
    body: { status: p99Ms < 1000 ? 'ok' : 'stalled', eventLoopDelayP99Ms: p99Ms },
  };
}

/** `GET /readyz`: every dependency answers, and the process is not shutting down. */
export async function readiness(
  checks: ReadinessCheck[],
  isShuttingDown: () => boolean,
): Promise<HealthAnswer> {
  if (isShuttingDown()) return { status: 503, body: { status: 'shutting down', checks: {} } };
  const states = await runChecks(checks);
  const ready = Object.values(states).every((state) => state === 'ok');
  return { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'not ready', checks: states } };
}

/** Sends a health route's answer, with its own status: a handler bound to a declared route answers what it gives. */
export function sendHealth(res: Response, answer: HealthAnswer): typeof SENT {
  res.status(answer.status).json(answer.body);
  return SENT;
}

/** A service's `GET /healthz` and `GET /readyz` ({@link liveness}, {@link readiness}). */
export function healthRoutes(checks: ReadinessCheck[], isShuttingDown: () => boolean): Router {
  const router = Router();
  router.get(serviceProbes.liveness.path, (_req, res) => sendHealth(res, liveness()));
  router.get(serviceProbes.readiness.path, async (_req, res) =>
    sendHealth(res, await readiness(checks, isShuttingDown)),
  );
  return router;
}
