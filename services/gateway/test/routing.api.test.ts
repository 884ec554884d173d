import request from 'supertest';
import { freePort } from '@tullab/testing';
import { ORIGIN, gatewayForTests, last, rawRequest, startFakeService, startGateway } from './helpers';

const { fakes, gateway } = gatewayForTests();

describe('routing table (docs/decisions/001)', () => {
  test.each([
    ['GET', '/api/auth/user', 'identity', '/auth/user'],
    ['POST', '/api/auth/login', 'identity', '/auth/login'],
    ['POST', '/api/auth/reset-password', 'identity', '/auth/reset-password'],
    ['GET', '/api/students/profile', 'identity', '/students/profile'],
    ['PATCH', '/api/students/profile', 'identity', '/students/profile'],
    ['POST', '/api/students/change-password', 'identity', '/students/change-password'],
    [
      'GET',
      '/api/admin/students?range=%5B0%2C24%5D&sort=%5B%22id%22%2C%22ASC%22%5D',
      'identity',
      '/admin/students?range=%5B0%2C24%5D&sort=%5B%22id%22%2C%22ASC%22%5D',
    ],
    ['GET', '/api/students/verify', 'verification', '/students/verify'],
    ['POST', '/api/students/verify-otp', 'verification', '/students/verify-otp'],
    ['POST', '/api/students/verify-document', 'verification', '/students/verify-document'],
    ['POST', '/api/admin/verifications/7f7e/approve', 'verification', '/admin/verifications/7f7e/approve'],
    ['GET', '/api/admin/institutions', 'verification', '/admin/institutions'],
    ['GET', '/api/admin/audit-log?filter=%7B%7D', 'verification', '/admin/audit-log?filter=%7B%7D'],
    ['GET', '/api/offers', 'offers', '/offers'],
    ['GET', '/api/offers/abc', 'offers', '/offers/abc'],
    ['POST', '/api/offers/abc/redeem', 'offers', '/offers/abc/redeem'],
    ['POST', '/api/merchant-applications', 'offers', '/merchant-applications'],
    ['GET', '/api/merchant/colleagues', 'identity', '/merchant/colleagues'],
    ['POST', '/api/merchant/invitations', 'identity', '/merchant/invitations'],
    ['GET', '/api/merchant/offers?from=2026-11-01', 'offers', '/merchant/offers?from=2026-11-01'],
    ['PUT', '/api/admin/offers/abc', 'offers', '/admin/offers/abc'],
    ['DELETE', '/api/admin/merchant-applications/abc', 'offers', '/admin/merchant-applications/abc'],
    ['POST', '/api/contact', 'notifications', '/contact'],
    ['GET', '/api/admin/contact-messages', 'notifications', '/admin/contact-messages'],
    ['POST', '/api/admin/emails/abc/retry', 'notifications', '/admin/emails/abc/retry'],
  ] as const)('%s %s → %s as %s', async (method, path, service, upstreamPath) => {
    const res = await request(gateway.url)[method.toLowerCase() as 'get'](path).set('Origin', ORIGIN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service, method, url: upstreamPath });
    expect(last(fakes[service]).url).toBe(upstreamPath);
  });

  test.each([
    '/api',
    '/api/',
    '/api/nothing-here',
    '/api/students',
    '/api/admin',
    '/api/admin/unknown-resource',
    '/api/internal/sessions/resolve',
    '/api/authx',
    '/api/Auth/login',
  ])('GET %s → 404 { message: "Not found" }, nothing forwarded', async (path) => {
    const before = Object.values(fakes).flatMap((f) => (typeof f === 'object' ? f.received : [])).length;
    const res = await request(gateway.url).get(path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
    expect(Object.values(fakes).flatMap((f) => (typeof f === 'object' ? f.received : [])).length).toBe(
      before,
    );
  });

  test.each([
    '/api/offers/../internal/sessions/resolve',
    '/api/offers/%2e%2e/admin/students',
    '/api/offers/a%2Fb',
    '/api/offers//x',
    '/api/offers/%zz',
  ])('a path that could change meaning on the way (%s) → 404', async (path) => {
    const res = await rawRequest(gateway.url, { path });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'Not found', code: 'not_found' });
  });

  test('POST to an unknown path → 404, not 415 or 403', async () => {
    const res = await request(gateway.url).post('/api/nowhere').set('Origin', ORIGIN).send({ a: 1 });
    expect(res.status).toBe(404);
  });

  test('a method the API does not speak → 405 with Allow', async () => {
    const res = await rawRequest(gateway.url, { method: 'PROPFIND', path: '/api/offers' });
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ message: 'Method not allowed', code: 'method_not_allowed' });
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });
});

describe('what the service receives', () => {
  test('a fresh signed identity, the request id and the client headers; never the client x-tullab-* or Cookie headers', async () => {
    const res = await request(gateway.url)
      .post('/api/offers/abc/redeem?x=1&y=%20z')
      .set('Origin', ORIGIN)
      .set('x-request-id', 'req-abc.123')
      .set('x-tullab-identity', 'forged')
      .set('x-tullab-signature', 'forged')
      .set('X-Tullab-Pwreset', 'forged')
      .set('x-tullab-anything', 'forged')
      .set('Cookie', 'other=1; tracking=2')
      .set('Authorization', 'Bearer something')
      .set('Accept-Language', 'ar-AE')
      .set('Idempotency-Key', 'k-1')
      .send({ studentId: null });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-abc.123');
    const call = last(fakes.offers);
    expect(call.url).toBe('/offers/abc/redeem?x=1&y=%20z');
    expect(call.identity).toMatchObject({
      userId: null,
      role: null,
      verificationStatus: 'none',
      sessionId: null,
    });
    expect(call.identity?.ip).toMatch(/127\.0\.0\.1$/);
    expect(call.headers['x-request-id']).toBe('req-abc.123');
    expect(call.headers['x-tullab-identity']).not.toBe('forged');
    expect(call.headers['x-tullab-pwreset']).toBeUndefined();
    expect(call.headers['x-tullab-anything']).toBeUndefined();
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers['accept-language']).toBe('ar-AE');
    expect(call.headers['idempotency-key']).toBe('k-1');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toBe('{"studentId":null}');
  });

  test('hop-by-hop request headers, and those the Connection header names, stop at the gateway', async () => {
    await rawRequest(gateway.url, {
      path: '/api/offers',
      headers: {
        Connection: 'keep-alive, x-secret-hop',
        'x-secret-hop': '1',
        'Keep-Alive': 'timeout=5',
        'X-Forwarded-For': '203.0.113.9',
        Forwarded: 'for=1.2.3.4',
      },
    });
    const call = last(fakes.offers);
    expect(call.headers['x-secret-hop']).toBeUndefined();
    expect(call.headers['keep-alive']).toBeUndefined();
    expect(call.headers['x-forwarded-for']).toBeUndefined();
    expect(call.headers.forwarded).toBeUndefined();
  });

  test('a GET body is not passed on', async () => {
    await rawRequest(gateway.url, {
      path: '/api/offers',
      headers: { 'content-type': 'application/json', 'content-length': 2 },
      chunks: [Buffer.from('{}')],
    });
    expect(last(fakes.offers).bodyLength).toBe(0);
  });
});

describe('what the client receives', () => {
  test("the service's status, body and headers, minus hop-by-hop, Set-Cookie and X-Powered-By", async () => {
    const res = await request(gateway.url)
      .get('/api/admin/offers')
      .set('x-test-status', '206')
      .set(
        'x-test-headers',
        JSON.stringify({
          'Content-Range': 'offers 0-24/57',
          'Cache-Control': 'private, max-age=60',
          'X-Custom': 'kept',
          'Set-Cookie': 'evil=1; Path=/',
          'X-Powered-By': 'Express',
          'x-tullab-internal': 'secret',
        }),
      );
    expect(res.status).toBe(206);
    expect(res.body).toMatchObject({ service: 'offers', url: '/admin/offers' });
    expect(res.headers['content-range']).toBe('offers 0-24/57');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(res.headers['x-custom']).toBe('kept');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-tullab-internal']).toBeUndefined();
  });

  test('Cache-Control: no-store when the service set none', async () => {
    const res = await request(gateway.url).get('/api/offers');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('a 204 stays a 204 with no body', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/logout')
      .set('Origin', ORIGIN)
      .set('x-test-status', '204');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
  });

  test('HEAD is forwarded and answered without a body', async () => {
    const res = await request(gateway.url).head('/api/offers');
    expect(res.status).toBe(200);
    expect(last(fakes.offers).method).toBe('HEAD');
  });

  test('the answer is streamed: the first bytes arrive before the service has finished', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const slow = await startFakeService('offers', (app) => {
      app.get('/offers/stream', async (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first;');
        await finished;
        res.end('last');
      });
    });
    const gw = await startGateway({ offers: slow });
    try {
      const { default: http } = await import('node:http');
      const text = await new Promise<string>((resolve, reject) => {
        http
          .get(`${gw.url}/api/offers/stream`, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
              if (body === 'first;') finish();
            });
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      expect(text).toBe('first;last');
    } finally {
      await gw.close();
      await slow.close();
    }
  });
});

describe('when a service cannot answer', () => {
  test.each([
    ['offers', '/api/offers', 'Offers service unavailable'],
    ['verification', '/api/students/verify', 'Verification service unavailable'],
    ['notifications', '/api/admin/contact-messages', 'Notifications service unavailable'],
    ['identity', '/api/auth/user', 'Identity service unavailable'],
  ])('%s down → 502 naming it', async (service, path, message) => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const env = { [`${service.toUpperCase()}_URL`]: closed };
    const gw = await startGateway(fakes, env);
    try {
      const res = await request(gw.url).get(path);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message, code: 'bad_gateway' });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await gw.close();
    }
  });

  test('a service silent for longer than the upstream timeout → 504 JSON', async () => {
    const gw = await startGateway(fakes, { UPSTREAM_TIMEOUT_MS: '300' });
    try {
      const started = Date.now();
      const res = await request(gw.url).get('/api/offers').set('x-test-delay-ms', '1500');
      expect(res.status).toBe(504);
      expect(res.body).toEqual({ message: 'Offers service did not answer in time', code: 'gateway_timeout' });
      expect(Date.now() - started).toBeLessThan(1400);
    } finally {
      await gw.close();
    }
  });
});

describe('CORS', () => {
  test('a preflight from a foreign origin gets no Access-Control-Allow-Origin', async () => {
    const res = await request(gateway.url)
      .options('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  test('a cross-origin GET answer carries no CORS headers either', async () => {
    const res = await request(gateway.url).get('/api/offers').set('Origin', 'https://evil.example');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
