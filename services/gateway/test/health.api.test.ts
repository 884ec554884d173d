import { once } from 'node:events';
import request from 'supertest';
import { parseConfig } from '@tullab/config';
import { createLogger } from '@tullab/log';
import { createRedis } from '@tullab/events';
import { freePort, getRedisUrl } from '@tullab/testing';
import { configShape, createApp, type RunningGateway } from '../src';
import { CatalogueCache } from '../src/modules/catalogue';
import { gatewayMetrics } from '../src/modules/metrics';
import { Upstreams } from '../src/modules/upstreams';
import { SessionCache } from '../src/modules/sessions';
import { TrackingBatches } from '../src/modules/tracking';
import { INTERNAL_SECRET, startFakeService, startFakes, startGateway, type Fakes } from './helpers';

let fakes: Fakes;
let gateway: RunningGateway;

beforeAll(async () => {
  fakes = await startFakes();
  gateway = await startGateway(fakes);
});

afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});

afterEach(() => {
  for (const service of [fakes.identity, fakes.verification, fakes.offers, fakes.notifications])
    service.readyStatus = 200;
});

describe('GET /api/healthz', () => {
  test('answers from the process alone, with the event-loop delay', async () => {
    const res = await request(gateway.url).get('/api/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', eventLoopDelayP99Ms: expect.any(Number) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('does not depend on the services', async () => {
    const gw = await startGateway({}, { IDENTITY_URL: `http://127.0.0.1:${await freePort()}` });
    try {
      expect((await request(gw.url).get('/api/healthz')).status).toBe(200);
    } finally {
      await gw.close();
    }
  });
});

describe('GET /api/readyz', () => {
  test('200 when Redis and all four services are ready', async () => {
    const res = await request(gateway.url).get('/api/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { redis: 'ok', identity: 'ok', verification: 'ok', offers: 'ok', notifications: 'ok' },
    });
  });

  test('503 naming a service that is down', async () => {
    const gw = await startGateway(
      { ...fakes, offers: undefined },
      { OFFERS_URL: `http://127.0.0.1:${await freePort()}` },
    );
    try {
      const res = await request(gw.url).get('/api/readyz');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not ready');
      expect(res.body.checks).toEqual({
        redis: 'ok',
        identity: 'ok',
        verification: 'ok',
        offers: expect.stringMatching(/^down: .*ECONNREFUSED/),
        notifications: 'ok',
      });
    } finally {
      await gw.close();
    }
  });

  test('503 naming a service that says it is not ready', async () => {
    fakes.notifications.readyStatus = 503;
    const res = await request(gateway.url).get('/api/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks.notifications).toBe('down: answered 503');
    expect(res.body.checks.identity).toBe('ok');
  });

  test('a service that hangs is down after about 1 s', async () => {
    const hanging = await startFakeService('verification', (app) => {
      app.get('/readyz', () => undefined);
    });
    hanging.readyStatus = 200;
    const gw = await startGateway({ ...fakes, verification: hanging });
    try {
      const started = Date.now();
      const res = await request(gw.url).get('/api/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks.verification).toBe('down: no answer in 1000 ms');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await gw.close();
      await hanging.close();
    }
  });

  test('503 naming Redis when the gateway cannot reach it', async () => {
    const gw = await startGateway(fakes, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const res = await request(gw.url).get('/api/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks.redis).toMatch(/^down: /);
      expect(res.body.checks.offers).toBe('ok');
    } finally {
      await gw.close();
    }
  });

  test('503 from the moment shutdown starts', async () => {
    const log = createLogger('gateway-test', 'silent');
    const config = parseConfig(configShape, { INTERNAL_SECRET, REDIS_URL: await getRedisUrl() });
    const redis = createRedis(config.REDIS_URL, 'producer', log);
    await once(redis, 'ready');
    const upstreams = new Upstreams({
      ...config,
      IDENTITY_URL: fakes.identity.url,
      VERIFICATION_URL: fakes.verification.url,
      OFFERS_URL: fakes.offers.url,
      NOTIFICATIONS_URL: fakes.notifications.url,
    });
    let shuttingDown = false;
    const app = createApp({
      config,
      log,
      redis,
      upstreams,
      sessions: new SessionCache(async () => true),
      catalogue: new CatalogueCache({
        upstreams,
        internalSecret: INTERNAL_SECRET,
        log,
        caughtUp: async () => true,
      }),
      trackingBatches: new TrackingBatches({
        upstreams,
        internalSecret: INTERNAL_SECRET,
        log,
        timeoutMs: 1000,
      }),
      metrics: gatewayMetrics(),
      isShuttingDown: () => shuttingDown,
    });
    try {
      expect((await request(app).get('/api/readyz')).status).toBe(200);
      shuttingDown = true;
      const res = await request(app).get('/api/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'shutting down', checks: {} });
      expect((await request(app).get('/api/healthz')).status).toBe(200);
    } finally {
      upstreams.destroy();
      redis.disconnect();
    }
  });
});

describe('close()', () => {
  test('lets an in-flight request finish, then stops listening', async () => {
    const gw = await startGateway(fakes);
    const inFlight = request(gw.url).get('/api/offers').set('x-test-delay-ms', '300');
    const pending = inFlight.then((res) => res.status);
    await new Promise((r) => setTimeout(r, 100));
    await gw.close();
    expect(await pending).toBe(200);
    await expect(request(gw.url).get('/api/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });
});
