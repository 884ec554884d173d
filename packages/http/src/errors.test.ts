import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { connect } from 'node:net';
import { requiredText } from '@tullab/contracts';
import {
  HttpError,
  UNAVAILABLE_MESSAGE,
  codeForStatus,
  errorHandler,
  isOutage,
  notFound,
  tooManyRequests,
} from './errors';
import { createLogger } from '@tullab/log';

const app = express();
app.use(express.json({ limit: '1kb' }));
app.post('/zod', (req) => {
  z.object({
    email: z.email('Please enter a valid email address'),
    age: z.number('Age must be a number'),
  }).parse(req.body);
});
app.post('/offer', (req) => {
  z.object({ title: requiredText('title'), note: z.string('Note must be text') }).parse(req.body);
});
app.get('/conflict', () => {
  throw new HttpError(409, 'Already reviewed');
});
app.get('/own-code', () => {
  throw new HttpError(429, 'Too many attempts', { code: 'too_many_attempts' });
});
app.get('/boom', () => {
  throw new Error('secret detail');
});
app.get('/outage', async () => {
  // a real refused connection, wrapped the way MikroORM wraps driver errors
  const refused = await new Promise<Error>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 1 });
    socket.once('error', resolve);
  });
  throw Object.assign(new Error('select 1 - connect ECONNREFUSED'), {
    name: 'DriverException',
    previous: refused,
  });
});
app.use(notFound);
app.use(errorHandler(createLogger('test', 'silent')));

describe('errorHandler', () => {
  test('a zod failure is 400 naming every field, message = the first', async () => {
    const res = await request(app).post('/zod').send({ email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter a valid email address',
      code: 'validation_failed',
      errors: { email: 'Please enter a valid email address', age: 'Age must be a number' },
    });
  });

  test("a rule's message key becomes its English text in errors, and the key goes in keys (docs/errors.md)", async () => {
    const res = await request(app).post('/offer').send({ title: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.keys).toEqual({ title: 'offerRules:titleTooShort' });
    expect(res.body).toMatchObject({
      message: 'Title must be at least 2 characters',
      errors: { title: 'Title must be at least 2 characters', note: 'Note must be text' },
    });
  });

  test('malformed JSON is 400 and an oversized body 413', async () => {
    const bad = await request(app).post('/zod').set('content-type', 'application/json').send('{"email":');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Malformed JSON body',
      code: 'malformed_body',
      errors: { body: 'Malformed JSON body' },
    });
    const big = await request(app)
      .post('/zod')
      .send({ email: 'x'.repeat(2000) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'payload_too_large' });
  });

  test('a body sent as gzip or deflate that does not inflate is 400, not 500 (T28)', async () => {
    for (const encoding of ['gzip', 'deflate']) {
      const res = await request(app)
        .post('/zod')
        .set({ 'content-type': 'application/json', 'content-encoding': encoding })
        .send('{"not":"compressed"}');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Malformed request body',
        code: 'malformed_body',
        errors: { body: 'Malformed request body' },
      });
    }
  });

  test('HttpError keeps its status; anything else is a bare 500', async () => {
    expect((await request(app).get('/conflict')).body).toEqual({
      message: 'Already reviewed',
      code: 'conflict',
    });
    expect((await request(app).get('/own-code')).body).toEqual({
      message: 'Too many attempts',
      code: 'too_many_attempts',
    });
    const boom = await request(app).get('/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ message: 'Something went wrong', code: 'internal' });
  });

  test('PostgreSQL or Redis out of reach is a 503 with Retry-After, not a 500', async () => {
    const res = await request(app).get('/outage');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
  });

  test('a code by status when the error names none; tooManyRequests sets Retry-After', () => {
    expect(codeForStatus(415)).toBe('unsupported_media_type');
    expect(codeForStatus(418)).toBe('invalid_request');
    expect(codeForStatus(507)).toBe('internal');
    const refusal = tooManyRequests(2.5, 'Slow down', 'code_exhausted');
    expect([refusal.status, refusal.code, refusal.headers]).toEqual([
      429,
      'code_exhausted',
      { 'Retry-After': '3' },
    ]);
    expect(tooManyRequests(0, 'Slow down').code).toBe('rate_limited');
  });

  test('what counts as an outage', () => {
    expect(isOutage(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isOutage(Object.assign(new Error('x'), { name: 'KnexTimeoutError' }))).toBe(true);
    expect(isOutage(new Error('Connection is closed.'))).toBe(true);
    expect(
      isOutage(new Error('Transaction query already complete, run with DEBUG=knex:tx for more info')),
    ).toBe(true);
    expect(isOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isOutage(new Error('secret detail'))).toBe(false);
  });

  test('unknown paths are a JSON 404', async () => {
    const res = await request(app).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('errorHandler logs', () => {
  test('a refusal and a failure are logged with the request id and status, without the query string (S34)', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    });
    const logged = express();
    logged.use((req, _res, next) => {
      req.id = 'r-1';
      next();
    });
    logged.get('/conflict', () => {
      throw new HttpError(409, 'Already reviewed');
    });
    logged.get('/boom', () => {
      throw new Error('broken');
    });
    logged.use(errorHandler(pino({ level: 'info' }, sink)));
    const search = `filter=${encodeURIComponent(JSON.stringify({ q: 'layla.hassan@example.com' }))}`;
    expect((await request(logged).get(`/conflict?${search}`)).status).toBe(409);
    expect((await request(logged).get(`/boom?${search}`)).status).toBe(500);
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: 'r-1',
        status: 409,
        msg: 'request refused',
        message: 'Already reviewed',
      }),
      expect.objectContaining({ reqId: 'r-1', status: 500, msg: 'request failed' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('layla');
  });
});
