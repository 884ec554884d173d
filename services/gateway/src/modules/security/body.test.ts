import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { bodyDeadline } from './body';

/** Opens a request, sends a little of the body, then stalls (a slow-loris client). */
function stall(port: number, path: string): Promise<{ status?: number; closed: boolean; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = http.request({
      port,
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'content-length': 1000 },
    });
    let status: number | undefined;
    req.on('response', (res) => {
      status = res.statusCode;
      res.resume();
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve({ status, closed: true, ms: Date.now() - started }));
    req.write('{"a":');
  });
}

describe('bodyDeadline (S27 slow-loris)', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(bodyDeadline({ bodyMs: 200, uploadMs: 600 }));
    app.use((req, res) => {
      req.resume();
      req.on('end', () => res.json({ ok: true }));
    });
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  test('a body that does not arrive in time → 408 and the connection closes', async () => {
    const result = await stall(port, '/api/contact');
    expect(result.status).toBe(408);
    expect(result.ms).toBeGreaterThanOrEqual(190);
    expect(result.ms).toBeLessThan(550);
  });

  test('upload routes get the longer deadline', async () => {
    const result = await stall(port, '/api/students/verify-document');
    expect(result.status).toBe(408);
    expect(result.ms).toBeGreaterThanOrEqual(590);
  });
});
