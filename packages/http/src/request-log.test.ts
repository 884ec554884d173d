import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from './request-log';

function appLoggingTo(lines: Record<string, unknown>[], level: string) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/ok', (req, res) => void res.json({ id: req.id }));
  app.get('/refused', (_req, res) => void res.status(403).json({ message: 'no' }));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  return app;
}

describe('requestLog', () => {
  test('takes a well-formed x-request-id or makes one, and echoes it', async () => {
    const app = appLoggingTo([], 'info');
    const given = await request(app).get('/ok').set('x-request-id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    expect(given.body.id).toBe('abc-123');
    const made = await request(app).get('/ok').set('x-request-id', 'not ok!');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('successes are logged at debug only, refusals as warnings with id, method, path and status', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo(lines, 'info');
    await request(app).get('/ok');
    await request(app).get('/refused').set('x-request-id', 'r-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'request completed',
        req: { id: 'r-1', method: 'GET', url: '/refused' },
        res: { statusCode: 403 },
      }),
    ]);

    const debugLines: Record<string, unknown>[] = [];
    await request(appLoggingTo(debugLines, 'debug')).get('/ok');
    await new Promise((resolve) => setImmediate(resolve));
    expect(debugLines).toEqual([expect.objectContaining({ level: 20, res: { statusCode: 200 } })]);
  });

  test('the query string is never logged: a staff search names a person (S34)', async () => {
    const lines: Record<string, unknown>[] = [];
    const search = encodeURIComponent(JSON.stringify({ q: 'layla.hassan@example.com' }));
    await request(appLoggingTo(lines, 'debug')).get(`/ok?filter=${search}`);
    await request(appLoggingTo(lines, 'debug')).get(`/refused?filter=${search}&range=[0,24]`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => (line.req as { url: string }).url)).toEqual(['/ok', '/refused']);
    expect(JSON.stringify(lines)).not.toContain('layla');
  });

  test('probes are not logged', async () => {
    const lines: Record<string, unknown>[] = [];
    await request(appLoggingTo(lines, 'debug')).get('/healthz');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });
});
