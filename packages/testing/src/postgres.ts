import { Client } from 'pg';
import { dockerAnswers, startContainerOnce } from './containers';
import { SQL_IDENTIFIER, uniqueName } from './names';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function accepts(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL for tests: `DATABASE_URL`, else 127.0.0.1:5432 (user postgres) when it accepts a connection, else a
 * `postgres:16-alpine` testcontainer when a Docker engine answers.
 */
export async function getPostgresUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (await accepts(LOCAL_URL)) return LOCAL_URL;
  if (await dockerAnswers()) {
    const container = await startContainerOnce({
      image: 'postgres:16-alpine',
      port: 5432,
      env: { POSTGRES_PASSWORD: 'postgres' },
      // the image's entrypoint starts the server twice: once to initialise, then for real
      readyLog: /database system is ready to accept connections/,
      readyLogTimes: 2,
    });
    return `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  }
  throw new Error(
    'No PostgreSQL for the tests: set DATABASE_URL, or run PostgreSQL on 127.0.0.1:5432 with user postgres ' +
      '(e.g. `apt-get install postgresql`, trust auth for 127.0.0.1), or start Docker so testcontainers can run ' +
      'postgres:16-alpine.',
  );
}

/** Drops a test file's schema and everything in it; the name must be a lower-case SQL identifier. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!SQL_IDENTIFIER.test(schema))
    throw new Error(`dropSchema: "${schema}" is not a lower-case SQL identifier`);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // under the lock @tullab/db's initOrm migrates with (its MIGRATION_LOCK; the tests import no @tullab/db): a
    // migration running meanwhile in another test file lists every schema's tables and would fail on this one
    await client.query("select pg_advisory_lock(hashtextextended('migrate', 0))");
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * A schema of its own for the test file that calls this: before its tests `open(url, schema)` opens it (an ORM, which
 * migrates it), after them it is closed and the schema dropped. Answers a getter of what `open` opened.
 */
export function schemaForTests<T extends { close(): Promise<unknown> }>(
  prefix: string,
  open: (url: string, schema: string) => Promise<T>,
): () => T {
  const schema = uniqueName(prefix);
  let url: string | undefined;
  let opened: T | undefined;
  beforeAll(async () => {
    url = await getPostgresUrl();
    opened = await open(url, schema);
  });
  afterAll(async () => {
    await opened?.close();
    if (url) await dropSchema(url, schema);
  });
  return () => {
    if (!opened) throw new Error('schemaForTests: opened before its tests, not while the file loads');
    return opened;
  };
}
