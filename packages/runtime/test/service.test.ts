import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { addToOutbox } from '@tullab/events';
import { type StatusChangedPayload } from '@tullab/contracts';
import { signIdentity } from '@tullab/http';
import { dropSchema, getPostgresUrl, getRedisUrl, metricValue, uniqueName } from '@tullab/testing';
import {
  createServiceApp,
  serviceContext,
  startService,
  type RunningService,
  type ServiceConfig,
  type ServiceSpec,
} from '../src';

const config = (databaseUrl: string, redisUrl: string): ServiceConfig => ({
  PORT: 0,
  DATABASE_URL: databaseUrl,
  DB_SCHEMA: uniqueName('runtime'),
  REDIS_URL: redisUrl,
  QUEUE_PREFIX: uniqueName('q'),
  INTERNAL_SECRET: 'runtime-test-secret-'.padEnd(40, 'r'),
  LOG_LEVEL: 'silent',
});

/** A service whose one route publishes an event that its own consumer handles. */
const handled: StatusChangedPayload[] = [];
const spec: ServiceSpec<ServiceConfig> = {
  name: 'identity',
  entities: [],
  migrations: [],
  handlers: () => ({
    'verification.status_changed': async (payload) => {
      handled.push(payload);
    },
  }),
  createApp: (deps) =>
    createServiceApp(deps, (app) =>
      app.post('/announce', async (req, res) => {
        const em = deps.orm.em.fork();
        addToOutbox(em, 'verification.status_changed', req.body, String(res.getHeader('x-request-id')));
        await em.flush();
        res.status(202).json({ message: 'queued' });
      }),
    ),
};

let service: RunningService<ServiceConfig>;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await getPostgresUrl();
  service = await startService(spec, config(databaseUrl, await getRedisUrl()));
});

afterAll(async () => {
  await dropSchema(databaseUrl, service.deps.config.DB_SCHEMA);
});

describe('startService', () => {
  test('a route that writes to the outbox reaches the service consumer through Redis', async () => {
    const payload = { userId: randomUUID(), status: 'active' as const, changedAt: new Date().toISOString() };
    const caller = { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: '127.0.0.1' };
    const res = await request(service.url)
      .post('/announce')
      .set(signIdentity(caller, service.deps.config.INTERNAL_SECRET, 'identity'))
      .send(payload);
    expect(res.status).toBe(202);
    const deadline = Date.now() + 10_000;
    while (!handled.some((p) => p.userId === payload.userId) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(handled.filter((p) => p.userId === payload.userId)).toHaveLength(1);
  });

  test('answers JSON with no-store and refuses unsigned calls', async () => {
    const res = await request(service.url).post('/announce').send({});
    expect(res.status).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('refuses an identity signed for another service: a header one service saw is no key to the others', async () => {
    const caller = {
      userId: 'u1',
      role: 'admin' as const,
      verificationStatus: 'none',
      sessionId: 's1',
      ip: '::1',
    };
    for (const other of ['verification', 'offers', 'notifications'] as const) {
      const res = await request(service.url)
        .post('/announce')
        .set(signIdentity(caller, service.deps.config.INTERNAL_SECRET, other))
        .send({});
      expect(res.status).toBe(401);
    }
  });

  test('GET /metrics answers unsigned: answers by route pattern, event-loop lag, queues and outbox (docs/metrics.md)', async () => {
    const caller = { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: '127.0.0.1' };
    const payload = { userId: randomUUID(), status: 'active' as const, changedAt: new Date().toISOString() };
    await request(service.url)
      .post('/announce')
      .set(signIdentity(caller, service.deps.config.INTERNAL_SECRET, 'identity'))
      .send(payload)
      .expect(202);
    await request(service.url).get(`/nothing/${randomUUID()}`).expect(401);

    const res = await request(service.url).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const value = (name: string, labels: Record<string, string> = {}) =>
      metricValue(res.text, name, { service: 'identity', ...labels });
    const announced = { method: 'POST', route: '/announce', status: '202' };
    expect(value('http_requests_total', announced)).toBeGreaterThanOrEqual(1);
    expect(value('http_request_duration_seconds_count', announced)).toBeGreaterThanOrEqual(1);
    // a path no route matched is one bounded label, never the URL with its id
    expect(value('http_requests_total', { method: 'GET', route: 'unmatched', status: '401' })).toBe(1);
    expect(res.text).not.toContain('/nothing/');
    expect(res.text).not.toContain('route="/metrics"');
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const state of ['waiting', 'active', 'delayed', 'failed'])
      expect(value('bullmq_jobs', { queue: 'identity', state })).toBeGreaterThanOrEqual(0);
    expect(value('outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(value('outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  test('close() stops listening and releases its connections', async () => {
    await service.close();
    await expect(request(service.url).get('/healthz')).rejects.toThrow();
  });
});

describe('serviceContext', () => {
  test('builds one context per deps object: the app, the handlers and the schedules of a service share it', () => {
    let built = 0;
    const contextOf = serviceContext((deps: { name: string }) => ({ name: deps.name, serial: ++built }));
    const one = { name: 'one' };
    const two = { name: 'two' };
    expect(contextOf(one)).toBe(contextOf(one));
    expect(contextOf(two)).not.toBe(contextOf(one));
    expect(contextOf(two).name).toBe('two');
    expect(built).toBe(2);
  });
});
