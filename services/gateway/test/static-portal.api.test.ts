// The merchant portal at /merchant (issue 29): an app of its own, served the way the console is at /admin.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import type { RunningGateway } from '../src';
import { missingDir, startGateway, tempDir } from './helpers';

const PORTAL_INDEX =
  '<!doctype html><html><head><script type="module" src="/merchant/assets/index-Pq81aa.js"></script></head><body><div id="root"></div></body></html>';
const PORTAL_JS = 'console.log("portal")';

/** What the portal's build lists in routes.json (its own `paths`). */
const PORTAL_ROUTES = ['/merchant', '/merchant/sign-in', '/merchant/offers/:offerId', '/merchant/team'];

/** The portal's build: index.html, routes.json and a hashed script, each with the copies the build writes. */
function portalBuild(): string {
  const dir = tempDir('tullab-portal-build');
  const files: Record<string, string> = {
    'index.html': PORTAL_INDEX,
    'routes.json': JSON.stringify(PORTAL_ROUTES),
    'assets/index-Pq81aa.js': PORTAL_JS,
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
  }
  return dir;
}

const html = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({}, { MERCHANT_WEB_DIR: portalBuild() });
});

afterAll(async () => {
  await gateway?.close();
});

describe('the merchant portal at /merchant', () => {
  test.each([
    '/merchant',
    '/merchant/',
    '/merchant/sign-in?from=mail',
    '/merchant/offers/0b6c1e9a',
    '/merchant/team',
  ])('GET %s → its own index.html, 200, revalidated', async (route) => {
    const res = await request(gateway.url).get(route).set(html);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(PORTAL_INDEX);
  });

  test('a page outside its routes → its index.html with status 404 (the portal shows its not-found page)', async () => {
    const res = await request(gateway.url).get('/merchant/nope').set(html);
    expect(res.status).toBe(404);
    expect(res.text).toBe(PORTAL_INDEX);
  });

  test('an unknown path asked for by a non-browser (no text/html) → JSON 404, never the student app', async () => {
    const res = await request(gateway.url).get('/merchant/nope').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });

  test('its hashed assets under /merchant/assets/ are long-cached, and sent compressed', async () => {
    // supertest undoes the Content-Encoding: the headers say what came over the wire
    const res = await request(gateway.url)
      .get('/merchant/assets/index-Pq81aa.js')
      .set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(PORTAL_JS);
  });

  test('a missing asset is a plain 404', async () => {
    const res = await request(gateway.url).get('/merchant/assets/gone.js').set(html);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<html');
  });

  test('the student app answers nothing under /merchant any more', async () => {
    const res = await request(gateway.url).get('/merchantx').set(html);
    expect(res.status).toBe(404);
    expect(res.text).not.toBe(PORTAL_INDEX);
  });
});

describe('before the portal is built', () => {
  let bare: RunningGateway;

  beforeAll(async () => {
    bare = await startGateway({}, { MERCHANT_WEB_DIR: missingDir() });
  });

  afterAll(async () => {
    await bare?.close();
  });

  test('/merchant shows a page saying the portal is not built yet, 200', async () => {
    const res = await request(bare.url).get('/merchant/team').set(html);
    expect(res.status).toBe(200);
    expect(res.text).toContain('The merchant portal is not built yet');
  });
});
