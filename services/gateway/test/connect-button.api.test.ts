import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ConfigError, parseConfig } from '@tullab/config';
import { CONNECT_PATHS, isConnectPath } from '@tullab/contracts';
import { configShape } from '../src';
import { gatewayForTests, INTERNAL_SECRET, missingDir } from './helpers';
import { buildApp, html, STUDENT_APP_PAGE, STUDENT_INDEX, withCopies } from './static.fixture';

/** The button as its package builds it: what the gateway serves by default (CONNECT_BUTTON_FILE). */
const BUTTON = readFileSync(
  path.join(__dirname, '..', '..', '..', 'packages', 'connect-button', 'dist', 'button.js'),
);

/** A student build whose pages include the consent screen, `/connect/:uid`, as the student app's will. */
const studentDir = buildApp(STUDENT_INDEX, {
  'routes.json': JSON.stringify(['/', '/login', '/connect/:uid']),
  ...withCopies('app.html', STUDENT_APP_PAGE),
});

const { fakes, gateway } = gatewayForTests({ STUDENT_WEB_DIR: studentDir });

/** An answer's bytes as they came over the wire (supertest would decompress them). */
function fetchRaw(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(urlPath, gateway.url), { method, headers, agent: false }, (res) => {
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

describe('GET /connect/button.js (the "Verify with Tullab" button, issue 30 point 6)', () => {
  test('answers the built script for other sites’ pages: JavaScript, loadable cross-origin, five minutes in caches', async () => {
    const res = await fetchRaw(CONNECT_PATHS.button);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(BUTTON)).toBe(true);
  });

  test.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ])(
    'Accept-Encoding %j → compressed (%s), the same script once decoded',
    async (accepted, encoding, decode) => {
      const res = await fetchRaw(CONNECT_PATHS.button, { 'accept-encoding': accepted });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/\baccept-encoding\b/i);
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(res.body.length).toBeLessThan(BUTTON.length);
      expect(decode(res.body).equals(BUTTON)).toBe(true);
    },
  );

  test('revalidated with its ETag: 304 while it is unchanged', async () => {
    const first = await fetchRaw(CONNECT_PATHS.button, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeDefined();
    const again = await fetchRaw(CONNECT_PATHS.button, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  test('HEAD: the headers alone', async () => {
    const res = await fetchRaw(CONNECT_PATHS.button, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body.length).toBe(0);
  });

  test('is the script even when a browser asks for a page, and goes to no service', async () => {
    const res = await fetchRaw(CONNECT_PATHS.button, html);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body.equals(BUTTON)).toBe(true);
    expect(isConnectPath(CONNECT_PATHS.button)).toBe(false);
    expect(fakes.identity.received.filter((call) => call.url.startsWith('/connect'))).toEqual([]);
  });

  test('GET /connect/<uid> is still the student app’s page (its consent screen), not the script', async () => {
    const res = await fetchRaw('/connect/abc', html);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.body.toString('utf8')).toBe(STUDENT_APP_PAGE);
  });
});

describe('CONNECT_BUTTON_FILE', () => {
  test('the gateway does not start without the built button: its configuration names the missing file', () => {
    const env = { INTERNAL_SECRET, CONNECT_BUTTON_FILE: missingDir() };
    expect(() => parseConfig(configShape, env)).toThrow(ConfigError);
    expect(() => parseConfig(configShape, env)).toThrow(
      /^CONNECT_BUTTON_FILE names no file: build the button/,
    );
  });
});
