import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { dropSchema, freePort, getPostgresUrl, getRedisUrl, uniqueName } from '../src';

describe('getPostgresUrl', () => {
  test('resolves to a PostgreSQL that answers a query', async () => {
    const client = new Client({ connectionString: await getPostgresUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  test('when DATABASE_URL is set, then it is used as it is', async () => {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = 'postgres://someone@db.example:5432/tullab';
    try {
      expect(await getPostgresUrl()).toBe('postgres://someone@db.example:5432/tullab');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});

describe('dropSchema', () => {
  test('when the schema exists, then it is dropped with its tables', async () => {
    const url = await getPostgresUrl();
    const schema = uniqueName('testing');
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`CREATE TABLE ${schema}.thing (id int)`);

      await dropSchema(url, schema);
      await dropSchema(url, schema);

      const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      expect(rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });

  test('when the name is not a lower-case identifier, then it refuses without touching the database', async () => {
    await expect(
      dropSchema('postgres://nobody@127.0.0.1:1/none', 'public"; DROP TABLE x; --'),
    ).rejects.toThrow('is not a lower-case SQL identifier');
  });
});

describe('getRedisUrl', () => {
  test('resolves to a Redis that answers PING', async () => {
    const redis = new Redis(await getRedisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      expect(await redis.ping()).toBe('PONG');
    } finally {
      redis.disconnect();
    }
  });
});

describe('uniqueName', () => {
  test('gives a different lower-case identifier each time, starting with the prefix', () => {
    const names = new Set(Array.from({ length: 100 }, () => uniqueName('Offers-API')));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^offers_api_t[0-9a-f]{8}$/);
  });

  test('when the prefix starts with a digit, then the name is still an identifier', () => {
    expect(uniqueName('2fa')).toMatch(/^_2fa_t[0-9a-f]{8}$/);
  });

  test('when the prefix has no letter or digit, then it throws', () => {
    expect(() => uniqueName('--')).toThrow('needs at least one letter or digit');
  });
});

describe('freePort', () => {
  test('gives a port that can be listened on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) =>
      server.once('error', reject).listen(port, '127.0.0.1', resolve),
    );
    await new Promise((resolve) => server.close(resolve));
    expect(port).toBeGreaterThan(0);
  });
});
