import { Router } from 'express';
import type { Redis } from 'ioredis';
import { gatewayOwn, serviceProbes } from '@tullab/contracts';
import { redisReadiness } from '@tullab/events';
import { bindRoute, liveness, readiness, sendHealth } from '@tullab/http';
import type { ReadinessCheck } from '@tullab/config';
import { UpstreamError, serviceNames, type Upstreams } from '../upstreams/upstreams';

const SERVICE_CHECK_TIMEOUT_MS = 1000;

const { routes } = gatewayOwn;

/** The gateway's own Redis PING, then each service's `/readyz` (1 s each), all at once. */
export function readinessChecks(redis: Redis, upstreams: Upstreams): ReadinessCheck[] {
  const services = serviceNames.map((name): ReadinessCheck => ({
    name,
    // a little over the call's own timeout, so the call's clearer message wins
    timeoutMs: SERVICE_CHECK_TIMEOUT_MS + 100,
    check: async () => {
      let answer;
      try {
        answer = await upstreams.callJson(upstreams.services[name], {
          method: 'GET',
          path: serviceProbes.readiness.path,
          timeoutMs: SERVICE_CHECK_TIMEOUT_MS,
        });
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        throw new Error(
          err.kind === 'timeout'
            ? `no answer in ${SERVICE_CHECK_TIMEOUT_MS} ms`
            : ((err.cause as Error)?.message ?? 'unreachable'),
        );
      }
      if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
    },
  }));
  return [redisReadiness(redis), ...services];
}

/**
 * `GET /api/healthz`: the process and its event loop (no dependencies). `GET /api/readyz`: 200 `{ status: 'ready',
 * checks }` or 503 naming what is down; 503 from the moment shutdown starts. Mounted under `/api`.
 */
export function healthRouter(redis: Redis, upstreams: Upstreams, isShuttingDown: () => boolean): Router {
  const checks = readinessChecks(redis, upstreams);
  const router = Router();
  bindRoute(router, routes.liveness, (_input, _req, res) => sendHealth(res, liveness()));
  bindRoute(router, routes.readiness, async (_input, _req, res) =>
    sendHealth(res, await readiness(checks, isShuttingDown)),
  );
  return router;
}
