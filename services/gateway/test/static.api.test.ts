import request from 'supertest';
import { startedForTests } from '@tullab/testing';
import type { RunningGateway } from '../src';
import { ORIGIN, missingDir, rawRequest, startGateway } from './helpers';
import { validateOpenApi } from './openapi-validator';
import {
  ADMIN_INDEX,
  APP_ROUTES,
  STUDENT_APP_PAGE,
  STUDENT_INDEX,
  STUDENT_JS,
  buildApp,
  html,
  startWithBuilds,
} from './static.fixture';

const gateway = startedForTests(startWithBuilds);

describe('the student app', () => {
  test('hashed assets are cached for a year, immutable', async () => {
    const res = await request(gateway.url).get('/assets/index-B4dx9k.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(STUDENT_JS);
    expect((await request(gateway.url).get('/assets/index-C1a2b3.css')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  test('other files and index.html are revalidated (no-cache)', async () => {
    expect((await request(gateway.url).get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    const index = await request(gateway.url).get('/').set(html);
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.text).toBe(STUDENT_INDEX);
  });

  test("GET / → index.html (with the home page's first paint), 200", async () => {
    const res = await request(gateway.url).get('/').set(html);
    expect(res.status).toBe(200);
    expect(res.text).toBe(STUDENT_INDEX);
  });

  test.each([...APP_ROUTES.filter((route) => route !== '/'), '/dashboard/'])(
    'GET %s → app.html, 200',
    async (route) => {
      const res = await request(gateway.url).get(route).set(html);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(STUDENT_APP_PAGE);
    },
  );

  test('a SPA route answers 200 whatever the Accept header', async () => {
    const res = await request(gateway.url).get('/login?next=%2Fdashboard').set('Accept', '*/*');
    expect(res.status).toBe(200);
    expect(res.text).toBe(STUDENT_APP_PAGE);
  });

  test.each(['/no/such/page', '/signup'])(
    'a page the build does not list (%s) → app.html with status 404 (the app shows Page Not Found)',
    async (route) => {
      const res = await request(gateway.url).get(route).set(html);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toBe(STUDENT_APP_PAGE);
    },
  );

  test('a missing asset is a plain 404, never the HTML page', async () => {
    const res = await request(gateway.url).get('/assets/index-gone.js').set(html);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });

  test('an unknown path asked for by a non-browser (no text/html) → JSON 404', async () => {
    const res = await request(gateway.url).get('/robots-missing.txt').set('Accept', '*/*');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });

  test('HEAD works like GET', async () => {
    const res = await request(gateway.url).head('/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  test('no path outside the build folder can be reached', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/.env',
      '/%00',
    ]) {
      const res = await rawRequest(gateway.url, { path, headers: { accept: '*/*' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).not.toContain('"name"');
    }
  });

  test('/api is never answered with the app', async () => {
    const res = await request(gateway.url).get('/api/nope').set(html);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('the admin console at /admin', () => {
  test.each(['/admin', '/admin/', '/admin/verifications', '/admin/verifications/1/show'])(
    'GET %s → its own index.html, 200',
    async (route) => {
      const res = await request(gateway.url).get(route).set(html);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(ADMIN_INDEX);
    },
  );

  test('its hashed assets under /admin/assets/ are long-cached', async () => {
    const res = await request(gateway.url).get('/admin/assets/index-Zq81aa.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe('console.log("admin")');
  });

  test('a missing admin asset is a plain 404', async () => {
    const res = await request(gateway.url).get('/admin/assets/gone.js').set(html);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });
});

describe('a student build without app.html', () => {
  let older: RunningGateway;

  beforeAll(async () => {
    const studentDir = buildApp(STUDENT_INDEX, { 'routes.json': JSON.stringify(APP_ROUTES) });
    older = await startGateway({}, { STUDENT_WEB_DIR: studentDir, ADMIN_WEB_DIR: missingDir() });
  });

  afterAll(async () => {
    await older?.close();
  });

  test.each(['/', '/dashboard'])('GET %s → index.html', async (route) => {
    const res = await request(older.url).get(route).set(html);
    expect(res.status).toBe(200);
    expect(res.text).toBe(STUDENT_INDEX);
  });
});

describe('before the apps are built', () => {
  let bare: RunningGateway;

  beforeAll(async () => {
    bare = await startGateway({}, { STUDENT_WEB_DIR: missingDir(), ADMIN_WEB_DIR: missingDir() });
  });

  afterAll(async () => {
    await bare?.close();
  });

  test('/ shows a page saying the app is not built yet, 200', async () => {
    const res = await request(bare.url).get('/').set(html);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('The student app is not built yet');
  });

  test('/admin says the same of the console', async () => {
    const res = await request(bare.url).get('/admin').set(html);
    expect(res.status).toBe(200);
    expect(res.text).toContain('The admin console is not built yet');
  });

  test('an unknown page is still a 404', async () => {
    expect((await request(bare.url).get('/nope').set(html)).status).toBe(404);
  });
});

describe('the API reference (docs/api.md)', () => {
  test('GET /api/openapi.json: a valid OpenAPI 3.1 document, public and cacheable, no session needed', async () => {
    const res = await request(gateway.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toMatchObject({ openapi: '3.1.0', servers: [{ url: ORIGIN }] });
    expect(Object.keys(res.body.paths)).toContain('/api/offers/{id}/redeem');
    expect(validateOpenApi(res.body)).toEqual({ valid: true });
    const again = await request(gateway.url).get('/api/openapi.json').set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  test("GET /api/docs: a page whose scripts all come from the gateway, under the site's own CSP", async () => {
    const res = await request(gateway.url).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(scripts).toEqual([' src="/api/docs/viewer.js"', ' src="/api/docs/start.js"']);
    expect(res.text).toContain('<link rel="stylesheet" href="/api/docs/viewer.css" />');
    const start = await request(gateway.url).get('/api/docs/start.js');
    expect(start.headers['content-type']).toMatch(/^text\/javascript/);
    expect(start.text).toContain('"url":"/api/openapi.json"');
  });

  test.each([
    ['viewer.js', /javascript/],
    ['viewer.css', /^text\/css/],
  ])(
    "GET /api/docs/%s: the viewer's file from the installed package, from our origin",
    async (name, type) => {
      const res = await request(gateway.url).get(`/api/docs/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.text.length).toBeGreaterThan(1000);
    },
  );
});
