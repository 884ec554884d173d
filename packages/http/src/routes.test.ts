import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { errorAnswer, HttpError } from './errors';
import { bindRoute, routeInput, SENT } from './routes';

const ID = '0b6f7c9e-4a39-4c43-9d3f-5e1c2b7a8d90';

const thing = {
  method: 'post',
  path: '/things/:id',
  summary: 'A thing',
  access: 'anyone',
  params: z.object({ id: z.uuid('Not a thing id') }),
  body: z.object({ name: z.string('Please give a name') }),
  answer: z.object({ id: z.string(), name: z.string() }),
} as const;

/** The same route, where an id that is no UUID names no thing. */
const namedThing = { ...thing, notFound: 'Thing not found' } as const;

describe('routeInput', () => {
  test('parses the parameters and the body by the route’s schemas', () => {
    expect(routeInput(thing, { params: { id: ID }, query: {}, body: { name: 'a', extra: 1 } })).toEqual({
      params: { id: ID },
      query: undefined,
      body: { name: 'a' },
      list: undefined,
    });
  });

  test('parameters the schema refuses are a 400 naming them, or the route’s `notFound` (404) when it has one', () => {
    expect(() => routeInput(thing, { params: { id: 'x' }, query: {}, body: { name: 'a' } })).toThrow(
      z.ZodError,
    );
    const refusal = (() => {
      try {
        routeInput(namedThing, { params: { id: 'x' }, query: {}, body: {} });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 404, message: 'Thing not found' });
  });
});

describe('bindRoute', () => {
  const app = express();
  app.use(express.json());
  const router = express.Router();
  bindRoute(router, namedThing, ({ params, body }) => ({ id: params.id, name: body.name }));
  bindRoute(
    router,
    { ...thing, method: 'get', path: '/files/:id', body: undefined },
    async (_input, _req, res) => {
      await Promise.resolve();
      res.type('text/plain').send('file');
      return SENT;
    },
  );
  app.use(router);
  app.use(((err, _req, res, _next) => {
    const { status, body } = errorAnswer(err);
    res.status(status).json(body);
  }) as express.ErrorRequestHandler);

  test('answers what the handler returns; a `notFound` route answers 404 before the body is looked at', async () => {
    expect((await request(app).post(`/things/${ID}`).send({ name: 'a' })).body).toEqual({
      id: ID,
      name: 'a',
    });
    const unknown = await request(app).post('/things/x').send({});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Thing not found', code: 'not_found' });
  });

  test('a handler that wrote the answer itself returns SENT, after awaiting', async () => {
    const res = await request(app).get(`/files/${ID}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('file');
  });
});
