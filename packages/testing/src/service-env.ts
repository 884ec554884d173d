import { getPostgresUrl } from './postgres';
import { getRedisUrl } from './redis';
import { uniqueName } from './names';

export type ServiceTestEnv = {
  PORT: string;
  NODE_ENV: string;
  LOG_LEVEL: string;
  DATABASE_URL: string;
  DB_SCHEMA: string;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  INTERNAL_SECRET: string;
};

/**
 * The environment of a service a test starts in-process: PostgreSQL and Redis as resolved here, a schema and a
 * BullMQ prefix of its own, any free port, quiet logs. Parse it with the service's `configShape`, adding or
 * overriding what the test needs; `DB_SCHEMA` is the schema to drop afterwards.
 */
export async function serviceTestEnv(service: string, internalSecret: string): Promise<ServiceTestEnv> {
  return {
    PORT: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: await getPostgresUrl(),
    DB_SCHEMA: uniqueName(service),
    REDIS_URL: await getRedisUrl(),
    QUEUE_PREFIX: uniqueName('q'),
    INTERNAL_SECRET: internalSecret,
  };
}
