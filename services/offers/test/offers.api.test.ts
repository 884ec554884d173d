import request from 'supertest';
import { signIdentity } from '@tullab/http';
import { parseConfig } from '@tullab/config';
import { dropSchema, serviceTestEnv } from '@tullab/testing';
import { configShape, startService, type Config } from '../src';

const INTERNAL_SECRET = 'test-secret-'.padEnd(40, 'x');
let service: Awaited<ReturnType<typeof startService>>;
let config: Config;

beforeAll(async () => {
  config = parseConfig(configShape, await serviceTestEnv('offers', INTERNAL_SECRET));
  service = await startService(config);
});

afterAll(async () => {
  await service.close();
  await dropSchema(config.DATABASE_URL, config.DB_SCHEMA);
});

describe('offers service', () => {
  test('is ready once its schema is migrated and Redis answers', async () => {
    const res = await request(service.url).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ postgres: 'ok', redis: 'ok' });
  });

  test('refuses calls without the signed identity header', async () => {
    expect((await request(service.url).get('/anything')).status).toBe(401);
  });

  test('answers a signed call to an unknown path with a JSON 404', async () => {
    const headers = signIdentity(
      { userId: null, role: null, verificationStatus: 'none', sessionId: null, ip: '127.0.0.1' },
      INTERNAL_SECRET,
    );
    const res = await request(service.url).get('/anything').set(headers);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });
});
