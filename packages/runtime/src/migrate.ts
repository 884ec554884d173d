import { loadConfig } from '@tullab/config';
import { createLogger } from '@tullab/log';
import type { z } from 'zod';
import { openDatabase, type ServiceTables } from './database';

/** The part of a service's configuration that migrating reads. */
interface MigrationShape extends z.ZodRawShape {
  DATABASE_URL: z.ZodType<string>;
  DB_SCHEMA: z.ZodType<string>;
  LOG_LEVEL: z.ZodType<string>;
}

/**
 * A service's migrate-only entry point (`services/<name>/dist/migrate.js`, run by the Kubernetes migration Job before a
 * rollout; docs/scaling.md "Releasing"): reads only `DATABASE_URL`, `DB_SCHEMA` and `LOG_LEVEL` of the service's
 * configuration, applies the pending migrations under the advisory lock a starting replica takes, and exits (1 on a
 * failure).
 */
export function runMigrations(tables: ServiceTables & { name: string }, shape: MigrationShape): void {
  const { DATABASE_URL, DB_SCHEMA, LOG_LEVEL } = shape;
  const config = loadConfig(tables.name, { DATABASE_URL, DB_SCHEMA, LOG_LEVEL });
  const log = createLogger(tables.name, config.LOG_LEVEL);
  openDatabase(config, log, tables)
    .then((orm) => orm.close())
    .then(
      () => log.info({ schema: config.DB_SCHEMA }, 'schema up to date'),
      (err: unknown) => {
        log.fatal({ err }, 'migration failed');
        process.exitCode = 1;
      },
    );
}
