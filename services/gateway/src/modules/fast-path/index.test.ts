import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@tullab/log';
import { processMetrics } from '@tullab/http';
import { CatalogueCache } from '../catalogue/cache';
import { Upstreams } from '../upstreams/upstreams';
import { SessionCache } from '../sessions/cache';
import { cookiePolicy } from '../sessions/cookies';
import { TrackingBatches } from '../tracking/batches';
import { withFastPath } from '.';

describe('the fast path of tracking calls', () => {
  let server: http.Server;
  let port: number;
  const log = createLogger('gateway-test', 'silent');
  const metrics = processMetrics('gateway');

  beforeAll(async () => {
    // no service answers here: a call that got as far as offers would end in 502, never in 408
    const upstreams = new Upstreams({
      IDENTITY_URL: 'http://127.0.0.1:9',
      VERIFICATION_URL: 'http://127.0.0.1:9',
      OFFERS_URL: 'http://127.0.0.1:9',
      NOTIFICATIONS_URL: 'http://127.0.0.1:9',
    });
    const policy = cookiePolicy('http://localhost:8080');
    const sessions = new SessionCache(async () => true);
    const listener = withFastPath(
      {
        catalogue: new CatalogueCache({
          upstreams,
          internalSecret: 'x'.repeat(48),
          log,
          caughtUp: async () => true,
        }),
        sessions,
        policy,
        tracking: {
          batches: new TrackingBatches({ upstreams, internalSecret: 'x'.repeat(48), log, timeoutMs: 1000 }),
          sessions,
          policy,
          internalSecret: 'x'.repeat(48),
          origin: 'http://localhost:8080',
          clientIp: (req) => req.socket.remoteAddress ?? '',
        },
        securityHeaders: [],
        bodyDeadlineMs: 200,
        metrics,
        log,
      },
      (_req, res) => res.writeHead(599).end(),
    );
    server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('a body that does not arrive in time → 408 and the connection closes (S27 slow-loris)', async () => {
    const started = Date.now();
    const result = await new Promise<{ status?: number; ms: number }>((resolve) => {
      const req = http.request({
        port,
        method: 'POST',
        path: '/api/offers/abc/copy',
        headers: { 'content-type': 'application/json', 'content-length': 100 },
      });
      let status: number | undefined;
      req.on('response', (res) => {
        status = res.statusCode;
        res.resume();
      });
      req.on('error', () => undefined);
      req.on('close', () => resolve({ status, ms: Date.now() - started }));
      req.write('{"a":');
    });
    expect(result.status).toBe(408);
    expect(result.ms).toBeLessThan(5000);
    // counted as the app counts it: the routing-table pattern, not the offer's id (docs/metrics.md)
    // (once the aborted body has been given up on, just after the connection closed)
    let text = '';
    for (let tries = 0; tries < 20 && !text.includes('status="408"'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      text = await metrics.registry.metrics();
    }
    expect(text).toMatch(
      /^http_requests_total\{method="POST",route="\/api\/offers\/:id\/copy",status="408",service="gateway"\} 1$/m,
    );
  });

  test('what the app must judge goes to the app: a query string, a cross-site call, a body over 1 kB or not JSON', async () => {
    const call = (path: string, headers: Record<string, string>, body = '{}') =>
      new Promise<number | undefined>((resolve) => {
        const req = http.request({ port, method: 'POST', path, headers });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.end(body);
      });
    const json = { 'content-type': 'application/json' };
    expect(await call('/api/offers/abc/copy?x=1', json)).toBe(599);
    expect(await call('/api/analytics', { ...json, 'sec-fetch-site': 'cross-site' })).toBe(599);
    expect(await call('/api/analytics', { ...json, origin: 'https://evil.example' })).toBe(599);
    expect(await call('/api/analytics', json, JSON.stringify({ pad: 'x'.repeat(1100) }))).toBe(599);
    expect(await call('/api/analytics', { 'content-type': 'text/plain' })).toBe(599);
    expect(await call('/api/offers/abc/redeem', json)).toBe(599);
  });
});
