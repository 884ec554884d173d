import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { Migration20261121200000Institutions } from './migrations/Migration20261121200000Institutions';
import { InstitutionDomainSchema, InstitutionSchema } from './modules/institutions/entities';

/** Verification's own entities (the runtime adds the outbox and processed-event ones). */
export const entities = [InstitutionSchema, InstitutionDomainSchema] as EntitySchema[];

/** Verification's own migrations, oldest first; they run after @tullab/events' `eventsMigration`. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261121200000Institutions', class: Migration20261121200000Institutions },
];
