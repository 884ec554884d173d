import request from 'supertest';
import { metricValue } from '@tullab/testing';
import { ORIGIN, gatewayForTests, rawRequest } from './helpers';

const { fakes, gateway } = gatewayForTests();

describe('metrics (docs/metrics.md)', () => {
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    return {
      text,
      value: (name: string, labels: Record<string, string> = {}) =>
        metricValue(text, name, { service: 'gateway', ...labels }),
    };
  };

  test('the metrics port counts answers by route pattern (the routing table for forwarded calls), never by URL', async () => {
    await request(gateway.url).get('/api/admin/offers/7f7e-metrics').set('Origin', ORIGIN).expect(200);
    // liveness answers 503 while the event loop is stalled (a loaded test machine can stall it): either way it is counted
    const { status: healthStatus } = await request(gateway.url).get('/api/healthz');
    await request(gateway.url).get('/api/nothing-metrics').expect(404);
    const { text, value } = await scrape();
    expect(
      value('http_requests_total', { method: 'GET', route: '/api/admin/offers/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value('http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/healthz',
        status: String(healthStatus),
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('nothing-metrics');
    expect(text).not.toContain('7f7e');
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  test('the metrics port answers GET /metrics and nothing else', async () => {
    for (const [method, path] of [
      ['GET', '/api/offers'],
      ['GET', '/'],
      ['POST', '/metrics'],
      ['GET', '/metrics/x'],
    ]) {
      const res = await fetch(`http://127.0.0.1:${gateway.metricsPort}${path}`, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  test.each(['/metrics', '/api/metrics', '/api/metrics/', '/api/healthz/../metrics'])(
    'a visitor on the public port cannot reach them: GET %s → 404 JSON, nothing forwarded',
    async (path) => {
      const before = Object.values(fakes).flatMap((f) => (typeof f === 'object' ? f.received : [])).length;
      const res = await rawRequest(gateway.url, { path });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ message: 'Not found', code: 'not_found' });
      expect(Object.values(fakes).flatMap((f) => (typeof f === 'object' ? f.received : [])).length).toBe(
        before,
      );
    },
  );

  test('nor as a browser page', async () => {
    const res = await request(gateway.url).get('/metrics').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_requests_total');
  });
});
