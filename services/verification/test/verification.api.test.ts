import request from 'supertest';
import { as, startVerification, type TestVerification } from './helpers';

let verification: TestVerification;

beforeAll(async () => {
  verification = await startVerification();
});

afterAll(async () => {
  await verification?.close();
});

describe('verification service', () => {
  test('is ready once its schema is migrated and Redis and the object store answer', async () => {
    const res = await request(verification.url).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ postgres: 'ok', redis: 'ok', objectStorage: 'ok' });
  });

  test('refuses calls without the signed identity header', async () => {
    expect((await request(verification.url).get('/anything')).status).toBe(401);
  });

  test('answers a signed call to an unknown path with a JSON 404', async () => {
    const res = await request(verification.url).get('/anything').set(as(null));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
  });
});
