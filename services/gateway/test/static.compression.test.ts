import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startedForTests } from '@tullab/testing';
import {
  ADMIN_INDEX,
  STUDENT_APP_PAGE,
  STUDENT_INDEX,
  STUDENT_JS,
  html,
  startWithBuilds,
} from './static.fixture';

const gateway = startedForTests(startWithBuilds);

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
