import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { initOrm } from '@tullab/db';
import { eventEntities, eventsMigration } from '@tullab/events';
import type { Logger } from '@tullab/log';

/** A service's tables: its entities and its migrations, oldest first (its `src/db.ts`). */
export interface ServiceTables {
  entities: EntitySchema[];
  migrations: MigrationObject[];
}

interface DatabaseConfig {
  DATABASE_URL: string;
  DB_SCHEMA: string;
}

/** The service's tables after the outbox and processed-event ones, which every service has. */
export function withEventTables(tables: ServiceTables): ServiceTables {
  return {
    entities: [...eventEntities, ...tables.entities],
    migrations: [eventsMigration, ...tables.migrations],
  };
}

/**
 * The ORM for tools that run outside the service (identity's staff CLI, the demo-catalogue seed): the service's
 * schema, migrated first, on a small pool.
 */
export function openDatabase(config: DatabaseConfig, log: Logger, tables: ServiceTables) {
  return initOrm({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    ...withEventTables(tables),
    log,
    poolMax: 2,
  });
}
