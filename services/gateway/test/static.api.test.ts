import { mkdirSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import type { RunningGateway } from '../src';
import { ORIGIN, missingDir, rawRequest, startGateway, tempDir } from './helpers';
import { validateOpenApi } from './openapi-validator';

const STUDENT_INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-B4dx9k.js"></script></head><body><div id="root"></div></body></html>';
/** index.html without the home page's hero, which the student build writes for every other page. */
const STUDENT_APP_PAGE =
  '<!doctype html><html><head><script type="module" src="/assets/index-B4dx9k.js"></script></head><body><div id="root"><header></header></div></body></html>';
const ADMIN_INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-Zq81aa.js"></script></head><body><div id="admin"></div></body></html>';

/** A text file with the brotli and gzip copies the apps' builds write beside it. */
function withCopies(name: string, content: string): Record<string, string | Buffer> {
  return { [name]: content, [`${name}.br`]: brotliCompressSync(content), [`${name}.gz`]: gzipSync(content) };
}

function buildApp(index: string, files: Record<string, string | Buffer>): string {
  const dir = tempDir('tullab-dist');
  for (const [name, content] of Object.entries({ ...withCopies('index.html', index), ...files })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const STUDENT_JS = 'console.log("student")';

/** What the student app's build lists in routes.json (its own `paths`). */
const APP_ROUTES = ['/', '/login', '/dashboard', '/how-it-works'];

let gateway: RunningGateway;

beforeAll(async () => {
  const studentDir = buildApp(STUDENT_INDEX, {
    'routes.json': JSON.stringify(APP_ROUTES),
    ...withCopies('app.html', STUDENT_APP_PAGE),
    ...withCopies('assets/index-B4dx9k.js', STUDENT_JS),
    // too small to gain from compression: the build writes no copies
    'assets/index-C1a2b3.css': 'body{}',
    ...withCopies('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  const adminDir = buildApp(ADMIN_INDEX, withCopies('assets/index-Zq81aa.js', 'console.log("admin")'));
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

/** The bytes of an answer as they came over the wire (supertest would decompress them), decoded by the test. */
interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function fetchRaw(urlPath: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  const url = new URL(urlPath, gateway.url);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The answer's body as text, undoing its Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  if (encoding) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return answer.body.toString('utf8');
}

/** What Chromium sends. */
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';
const STUDENT_JS_PATH = '/assets/index-B4dx9k.js';

describe('the compressed copies the builds write beside each text file', () => {
  test.each([
    [CHROMIUM_ENCODINGS, 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
  ])('Accept-Encoding %j → the %s copy, with the headers of the file itself', async (accepted, encoding) => {
    const plain = await fetchRaw(STUDENT_JS_PATH, {});
    const res = await fetchRaw(STUDENT_JS_PATH, { 'accept-encoding': accepted });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers.vary).toMatch(/\baccept-encoding\b/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(STUDENT_JS);
  });

  test.each([
    ['no Accept-Encoding', {}],
    ['identity', { 'accept-encoding': 'identity' }],
    ['both refused (q=0)', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
    ['only codings the build does not write', { 'accept-encoding': 'deflate, zstd' }],
  ])('%s → the file itself, and Vary says the answer depends on Accept-Encoding', async (_case, headers) => {
    const res = await fetchRaw(STUDENT_JS_PATH, headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/\baccept-encoding\b/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString('utf8')).toBe(STUDENT_JS);
  });

  test("HEAD → the compressed copy's headers and no body", async () => {
    const copy = brotliCompressSync(STUDENT_JS);
    const res = await fetchRaw(STUDENT_JS_PATH, { 'accept-encoding': CHROMIUM_ENCODINGS }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-length']).toBe(String(copy.length));
    expect(res.body.length).toBe(0);
  });

  test('a Range on a compressed copy → the whole copy, 200 (a range of compressed bytes is no range of the file)', async () => {
    const res = await fetchRaw(STUDENT_JS_PATH, { 'accept-encoding': 'br', range: 'bytes=0-6' });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(decoded(res)).toBe(STUDENT_JS);
  });

  test('a Range on the file itself is still served (206)', async () => {
    const res = await fetchRaw(STUDENT_JS_PATH, { 'accept-encoding': 'identity', range: 'bytes=0-6' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe('console');
  });

  test('a file the build wrote no copies of → sent as it is', async () => {
    const res = await fetchRaw('/assets/index-C1a2b3.css', { 'accept-encoding': CHROMIUM_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body.toString('utf8')).toBe('body{}');
  });

  test('a compressed file outside assets/ keeps its type and is revalidated (no-cache)', async () => {
    const res = await fetchRaw('/favicon.svg', { 'accept-encoding': CHROMIUM_ENCODINGS });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('a missing file is still a plain 404 for a client that takes compression', async () => {
    const res = await fetchRaw('/assets/index-gone.js', { 'accept-encoding': CHROMIUM_ENCODINGS, ...html });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ message: 'Not found', code: 'not_found' });
  });

  test.each([
    ['/', STUDENT_INDEX],
    ['/dashboard', STUDENT_APP_PAGE],
    ['/login?next=%2Fdashboard', STUDENT_APP_PAGE],
  ])('the page for %s → its brotli copy, no-cache', async (route, page) => {
    const res = await fetchRaw(route, { 'accept-encoding': CHROMIUM_ENCODINGS, ...html });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/\baccept-encoding\b/i);
    expect(decoded(res)).toBe(page);
  });

  test('a page for a client that takes only gzip → its gzip copy; for one that takes neither → as it is', async () => {
    const gzip = await fetchRaw('/', { 'accept-encoding': 'gzip', ...html });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(STUDENT_INDEX);
    const plain = await fetchRaw('/dashboard', { 'accept-encoding': 'identity', ...html });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/\baccept-encoding\b/i);
    expect(plain.body.toString('utf8')).toBe(STUDENT_APP_PAGE);
  });

  test("a page outside the build's routes → the compressed app.html with status 404", async () => {
    const res = await fetchRaw('/no/such/page', { 'accept-encoding': CHROMIUM_ENCODINGS, ...html });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(STUDENT_APP_PAGE);
  });

  test("HEAD of a page → the compressed page's headers and no body", async () => {
    const res = await fetchRaw('/', { 'accept-encoding': CHROMIUM_ENCODINGS }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(brotliCompressSync(STUDENT_INDEX).length));
    expect(res.body.length).toBe(0);
  });

  test("the admin console's index.html and assets are sent compressed too", async () => {
    const page = await fetchRaw('/admin/verifications', { 'accept-encoding': CHROMIUM_ENCODINGS, ...html });
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page)).toBe(ADMIN_INDEX);
    const script = await fetchRaw('/admin/assets/index-Zq81aa.js', { 'accept-encoding': 'gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(script)).toBe('console.log("admin")');
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
