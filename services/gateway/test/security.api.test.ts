import request from 'supertest';
import { ORIGIN, gatewayForTests, last, rawRequest } from './helpers';

const { fakes, gateway } = gatewayForTests();

const calls = () =>
  fakes.identity.received.length + fakes.offers.received.length + fakes.notifications.received.length;

describe('CSRF (S10)', () => {
  test('a foreign Origin → 403, nothing forwarded', async () => {
    const before = calls();
    const res = await request(gateway.url)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: 'a@b.c' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused', code: 'csrf_failed' });
    expect(calls()).toBe(before);
  });

  test.each([
    'null',
    'http://localhost:8081',
    'https://localhost:8080',
    'http://localhost:8080.evil.example',
    'garbage',
  ])('Origin %s → 403', async (origin) => {
    const res = await request(gateway.url).post('/api/contact').set('Origin', origin).send({});
    expect(res.status).toBe(403);
  });

  test('Sec-Fetch-Site: cross-site → 403, even without Origin', async () => {
    const res = await request(gateway.url).delete('/api/admin/offers/x').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused', code: 'csrf_failed' });
  });

  test('same origin passes (as a browser sends it)', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/login')
      .set('Origin', ORIGIN)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ email: 'a@b.c', password: 'x' });
    expect(res.status).toBe(200);
    expect(last(fakes.identity).body).toBe('{"email":"a@b.c","password":"x"}');
  });

  test('a call with neither header (a non-browser client) passes', async () => {
    expect((await request(gateway.url).post('/api/contact').send({ a: 1 })).status).toBe(200);
  });

  test('safe methods are not checked (no state changes on GET)', async () => {
    expect(
      (
        await request(gateway.url)
          .get('/api/offers')
          .set('Origin', 'https://evil.example')
          .set('Sec-Fetch-Site', 'cross-site')
      ).status,
    ).toBe(200);
  });
});

describe('content types (S10, S27)', () => {
  test('a text/plain body → 415', async () => {
    const res = await request(gateway.url)
      .post('/api/auth/login')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'text/plain')
      .send('{"email":"a"}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Unsupported content type', code: 'unsupported_media_type' });
  });

  test.each([
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
    'application/json-patch+json',
  ])('%s on a JSON route → 415', async (type) => {
    const res = await request(gateway.url)
      .post('/api/students/profile')
      .set('Origin', ORIGIN)
      .set('Content-Type', type)
      .send('a=1');
    expect(res.status).toBe(415);
  });

  test('application/json with a charset passes', async () => {
    const res = await request(gateway.url)
      .patch('/api/students/profile')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send('{"a":1}');
    expect(res.status).toBe(200);
  });

  test('a non-safe call without a body needs no content type (logout)', async () => {
    const res = await request(gateway.url).post('/api/auth/logout').set('Origin', ORIGIN);
    expect(res.status).toBe(200);
    expect(last(fakes.identity).bodyLength).toBe(0);
  });
});

describe('body size (S27)', () => {
  const json = (size: number) => {
    const filler = 'x'.repeat(size - '{"a":""}'.length);
    return `{"a":"${filler}"}`;
  };

  test('exactly 100 kB of JSON is passed on', async () => {
    const res = await request(gateway.url)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(json(102_400));
    expect(res.status).toBe(200);
    expect(last(fakes.notifications).bodyLength).toBe(102_400);
  });

  test('100 kB + 1 byte of JSON → 413, nothing forwarded', async () => {
    const before = calls();
    const res = await request(gateway.url)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(json(102_401));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
    expect(calls()).toBe(before);
  });

  test('a chunked body (no Content-Length) is counted as it streams: over 100 kB → 413', async () => {
    const res = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      chunks: [Buffer.from(json(60_000)), Buffer.from(json(60_000))],
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  test('a chunked body under the limit streams through whole', async () => {
    const body = json(90_000);
    const res = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      chunks: [Buffer.from(body.slice(0, 40_000)), Buffer.from(body.slice(40_000))],
    });
    expect(res.status).toBe(200);
    expect(last(fakes.notifications).bodyLength).toBe(90_000);
  });
});

describe('security headers (S26)', () => {
  const expected = {
    'content-security-policy':
      "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-src 'self' blob:;base-uri 'none';object-src 'none';frame-ancestors 'none';form-action 'self'",
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  const pick = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(expected).map((name) => [name, headers[name]]));

  test('GET / (the app)', async () => {
    const res = await request(gateway.url).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(pick(res.headers)).toEqual(expected);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('an /api answer', async () => {
    const res = await request(gateway.url).get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(pick(res.headers)).toEqual(expected);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test.each([
    [
      'a 403',
      () => request(gateway.url).post('/api/auth/login').set('Origin', 'https://evil.example').send({}),
      403,
    ],
    ['a 404', () => request(gateway.url).get('/api/nope'), 404],
    ['a service 401', () => request(gateway.url).get('/api/offers').set('x-test-status', '401'), 401],
  ] as const)('an error answer (%s)', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(pick(res.headers)).toEqual(expected);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('bad input never gives 500', () => {
  test.each([
    ['GET', '/%'],
    ['GET', '/%E0%A4%A'],
    ['GET', '/api/%'],
    ['GET', '/assets/%c0%ae%c0%ae/etc/passwd'],
    ['GET', '/..%2f..%2fetc/passwd'],
    ['POST', '/'],
    ['DELETE', '/dashboard'],
    ['GET', '/api/healthz/%'],
  ])('%s %s', async (method, path) => {
    const res = await rawRequest(gateway.url, { method, path, headers: { accept: 'text/html' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test('odd cookies', async () => {
    for (const cookie of ['sid', 'sid=', '=;;;', 'sid="quoted"', 'sid=%ZZ', `sid=${'a'.repeat(5000)}`]) {
      const res = await request(gateway.url).get('/api/offers').set('Cookie', cookie);
      expect(res.status).toBeLessThan(500);
    }
  });

  test('malformed JSON is the service’s to refuse (passed on as is)', async () => {
    const res = await request(gateway.url)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(200);
    expect(last(fakes.notifications).body).toBe('{"email":');
  });
});
