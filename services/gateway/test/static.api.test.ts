import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { RunningGateway } from '../src';
import { missingDir, rawRequest, startGateway, tempDir } from './helpers';

const STUDENT_INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-B4dx9k.js"></script></head><body><div id="root"></div></body></html>';
const ADMIN_INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-Zq81aa.js"></script></head><body><div id="admin"></div></body></html>';

function buildApp(index: string, files: Record<string, string>): string {
  const dir = tempDir('tullab-dist');
  writeFileSync(path.join(dir, 'index.html'), index);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** What the student app's build lists in routes.json (its own `paths`). */
const APP_ROUTES = ['/', '/login', '/dashboard', '/how-it-works'];

let gateway: RunningGateway;

beforeAll(async () => {
  const studentDir = buildApp(STUDENT_INDEX, {
    'routes.json': JSON.stringify(APP_ROUTES),
    'assets/index-B4dx9k.js': 'console.log("student")',
    'assets/index-C1a2b3.css': 'body{}',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  const adminDir = buildApp(ADMIN_INDEX, { 'assets/index-Zq81aa.js': 'console.log("admin")' });
  gateway = await startGateway({}, { STUDENT_WEB_DIR: studentDir, ADMIN_WEB_DIR: adminDir });
});

afterAll(async () => {
  await gateway?.close();
});

const html = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the student app', () => {
  test('hashed assets are cached for a year, immutable', async () => {
    const res = await request(gateway.url).get('/assets/index-B4dx9k.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe('console.log("student")');
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

  test.each([...APP_ROUTES, '/dashboard/'])('GET %s → index.html, 200', async (route) => {
    const res = await request(gateway.url).get(route).set(html);
    expect(res.status).toBe(200);
    expect(res.text).toBe(STUDENT_INDEX);
  });

  test('a SPA route answers 200 whatever the Accept header', async () => {
    const res = await request(gateway.url).get('/login?next=%2Fdashboard').set('Accept', '*/*');
    expect(res.status).toBe(200);
    expect(res.text).toBe(STUDENT_INDEX);
  });

  test.each(['/no/such/page', '/signup'])(
    'a page the build does not list (%s) → index.html with status 404 (the app shows Page Not Found)',
    async (route) => {
      const res = await request(gateway.url).get(route).set(html);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toBe(STUDENT_INDEX);
    },
  );

  test('a missing asset is a plain 404, never the HTML page', async () => {
    const res = await request(gateway.url).get('/assets/index-gone.js').set(html);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
    expect(res.body).toEqual({ message: 'Not found' });
  });

  test('an unknown path asked for by a non-browser (no text/html) → JSON 404', async () => {
    const res = await request(gateway.url).get('/robots-missing.txt').set('Accept', '*/*');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
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
    expect(res.body).toEqual({ message: 'Not found' });
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
