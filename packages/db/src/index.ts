import { MikroORM, type EntitySchema, type MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Logger } from '@tullab/log';
import type { ReadinessCheck } from '@tullab/config';

export { Migration } from '@mikro-orm/migrations';
export type { MigrationObject };

export interface DbOptions {
  url: string;
  /** the service's own schema; every table of the service lives in it (ARCHITECTURE "Runtime") */
  schema: string;
  entities: EntitySchema[];
  /** hand-written, schema-agnostic migrations, oldest first */
  migrations: MigrationObject[];
  log: Logger;
  poolMax?: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * The service's MikroORM config. Tables are unqualified in migrations and resolved through `search_path`,
 * so tests can run every file in a schema of its own; the ORM itself qualifies queries with `schema`.
 */
export function ormConfig(options: DbOptions) {
  if (!IDENTIFIER.test(options.schema)) throw new Error(`invalid schema name: ${options.schema}`);
  return defineConfig({
    clientUrl: options.url,
    schema: options.schema,
    entities: options.entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: options.migrations,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    driverOptions: { searchPath: [options.schema] },
    pool: { min: 0, max: options.poolMax ?? 10, acquireTimeoutMillis: 2000 },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
    logger: (message) => options.log.debug({ orm: message }, 'orm'),
  });
}

/** The advisory lock held while a schema is migrated, or dropped. */
export const MIGRATION_LOCK = 'migrate';

/** Connects, creates the schema if it is missing and applies pending migrations (a service migrates on start). */
export async function initOrm(options: DbOptions): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(options));
  // Replicas start together: one migrates while the others wait for it, then find nothing left to apply. One lock for
  // every schema of the database: MikroORM's migrator lists the tables of all of them (with regclass casts), which
  // fails on a schema dropped meanwhile, so dropping a schema takes this lock too (@tullab/testing's dropSchema).
  const applied = await whileLocked(orm, MIGRATION_LOCK, async () => {
    await orm.em.getConnection().execute(`create schema if not exists "${options.schema}"`);
    return orm.getMigrator().up();
  });
  if (applied.length) options.log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  return orm;
}

/**
 * Runs `work` holding a session-level PostgreSQL advisory lock on `name` (on a connection of its own, released after),
 * for work that spans several transactions, such as migrations.
 */
async function whileLocked<T>(orm: MikroORM, name: string, work: () => Promise<T>): Promise<T> {
  const knex = (orm.em.getConnection() as PostgreSqlConnection).getKnex();
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

export function databaseReadiness(orm: MikroORM): ReadinessCheck {
  return { name: 'postgres', check: () => orm.em.getConnection().execute('select 1') };
}

export { listenToPostgres, type ListenOptions, type PostgresListener } from './listener';
export { lockName } from './locks';
export { affected, rows } from './sql';
