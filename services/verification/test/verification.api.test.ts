import request from 'supertest';
import { signIdentity } from '@tullab/http';
import { dropSchema, getPostgresUrl, getRedisUrl, uniqueName } from '@tullab/testing';
import { startService } from '../src';

const INTERNAL_SECRET = 'test-secret-'.padEnd(40, 'x');
let service: Awaited<ReturnType<typeof startService>>;
let databaseUrl: string;
const schema = uniqueName('verification');

beforeAll(async () => {
  databaseUrl = await getPostgresUrl();
  service = await startService({
    PORT: 0,
    DATABASE_URL: databaseUrl,
    DB_SCHEMA: schema,
    REDIS_URL: await getRedisUrl(),
    QUEUE_PREFIX: uniqueName('q'),
    INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
  });
});

afterAll(async () => {
  await service.close();
  await dropSchema(databaseUrl, schema);
});

describe('verification service', () => {
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
