import { MikroORM, type EntitySchema, type MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import type { Logger, ReadinessCheck } from '@tullab/http';

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

/** Connects, creates the schema if it is missing and applies pending migrations (a service migrates on start). */
export async function initOrm(options: DbOptions): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(options));
  await orm.em.getConnection().execute(`create schema if not exists "${options.schema}"`);
  const applied = await orm.getMigrator().up();
  if (applied.length) options.log.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
  return orm;
}

export function databaseReadiness(orm: MikroORM): ReadinessCheck {
  return { name: 'postgres', check: () => orm.em.getConnection().execute('select 1') };
}

export { listenToPostgres, type ListenOptions, type PostgresListener } from './listener';
export { lockName } from './locks';
