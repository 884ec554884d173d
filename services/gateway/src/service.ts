import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import proxyAddr from 'proxy-addr';
import type { Redis } from 'ioredis';
import { createRedis } from '@tullab/events';
import { subscribeToBroadcasts } from '@tullab/broadcasts';
import { closeServer, drain, listen } from '@tullab/http';
import { createLogger, type Logger } from '@tullab/log';
import { createApp } from './app';
import type { Config } from './config';
import { CatalogueCache } from './modules/catalogue';
import { Upstreams } from './modules/upstreams';
import { withFastPath } from './modules/fast-path';
import { gatewayMetrics, listenForMetrics } from './modules/metrics';
import { BODY_DEADLINE_MS, securityHeaderValues, UPLOAD_BODY_DEADLINE_MS } from './modules/security';
import { cookiePolicy, SessionCache } from './modules/sessions';
import { TrackingBatches } from './modules/tracking';

export interface RunningGateway {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** the internal port of `GET /metrics` (METRICS_PORT; docs/metrics.md) */
  metricsPort: number;
  /** graceful stop: readyz answers 503 at once, in-flight requests finish (10 s at most), then connections close */
  close(): Promise<void>;
}

/** Gives Redis a moment to connect, so readiness is right from the start; an unreachable Redis does not stop the start. */
function firstContact(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
  });
}

/** Starts the gateway on `config.PORT` (0 = any free port). Tests and other packages use this directly. */
export async function startService(
  config: Config,
  log: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<RunningGateway> {
  const redis = createRedis(config.REDIS_URL, 'producer', log);
  await firstContact(redis);
  const upstreams = new Upstreams(config);
  const sessions = new SessionCache(() => broadcasts.caughtUp('sessions'));
  const catalogue = new CatalogueCache({
    upstreams,
    internalSecret: config.INTERNAL_SECRET,
    log,
    caughtUp: () => broadcasts.caughtUp('catalogue'),
  });
  const broadcasts = subscribeToBroadcasts(
    config.REDIS_URL,
    config.QUEUE_PREFIX,
    { sessions, catalogue },
    log,
  );
  let shuttingDown = false;
  const trackingBatches = new TrackingBatches({
    upstreams,
    internalSecret: config.INTERNAL_SECRET,
    log,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });
  const metrics = gatewayMetrics();
  const app = createApp({
    config,
    log,
    redis,
    upstreams,
    sessions,
    catalogue,
    trackingBatches,
    metrics,
    isShuttingDown: () => shuttingDown,
  });
  let server;
  let metricsServer;
  try {
    metricsServer = await listenForMetrics(metrics, config.METRICS_PORT);
    const policy = cookiePolicy(config.PUBLIC_URL);
    const trustProxy = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
    const fastPath = {
      sessions,
      catalogue,
      policy,
      tracking: {
        batches: trackingBatches,
        sessions,
        policy,
        internalSecret: config.INTERNAL_SECRET,
        origin: new URL(config.PUBLIC_URL).origin,
        // the address Express gives `req.ip` with the same TRUST_PROXY setting (S35)
        clientIp: (req: IncomingMessage) => proxyAddr(req, trustProxy),
      },
      securityHeaders: securityHeaderValues(config.PUBLIC_URL),
      bodyDeadlineMs: BODY_DEADLINE_MS,
      metrics,
      log,
    };
    server = await listen(withFastPath(fastPath, app), config.PORT);
  } catch (err) {
    metricsServer?.close();
    upstreams.destroy();
    redis.disconnect();
    await broadcasts.stop();
    throw err;
  }
  // Uploads may take up to 120 s to arrive; every other body is held to 30 s by the bodyDeadline middleware.
  server.requestTimeout = UPLOAD_BODY_DEADLINE_MS;
  const port = (server.address() as AddressInfo).port;
  const metricsPort = (metricsServer.address() as AddressInfo).port;
  log.info({ port, metricsPort, publicUrl: config.PUBLIC_URL }, 'gateway listening');

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    metricsPort,
    close() {
      closing ??= (async () => {
        shuttingDown = true;
        await drain(config.SHUTDOWN_DRAIN_MS);
        await closeServer(server);
        await closeServer(metricsServer);
        upstreams.destroy();
        await broadcasts.stop();
        await redis.quit().catch(() => redis.disconnect());
      })();
      return closing;
    },
  };
}
