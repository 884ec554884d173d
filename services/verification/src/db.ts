import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { AuditLogSchema, auditLogMigrations } from '@tullab/audit-log';
import { retentionMigrations, RetentionRunSchema } from '@tullab/retention';
import { Migration20261121200000Institutions } from './migrations/Migration20261121200000Institutions';
import { Migration20261121400000Verifications } from './migrations/Migration20261121400000Verifications';
import { Migration20261126200000DocumentRetention } from './migrations/Migration20261126200000DocumentRetention';
import { Migration20261126400000RequestLanguage } from './migrations/Migration20261126400000RequestLanguage';
import { EmailCodeSchema } from './modules/email-codes/entities';
import { InstitutionDomainSchema, InstitutionSchema } from './modules/institutions/entities';
import { VerificationRequestSchema } from './modules/requests/entities';
import { StudentStatusSchema } from './modules/students/entities';

/** Verification's own entities (the runtime adds the outbox and processed-event ones). */
export const entities = [
  InstitutionSchema,
  InstitutionDomainSchema,
  StudentStatusSchema,
  VerificationRequestSchema,
  EmailCodeSchema,
  AuditLogSchema,
  RetentionRunSchema,
] as EntitySchema[];

/** Verification's own migrations, oldest first; they run after @tullab/events' `eventsMigration`. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261121200000Institutions', class: Migration20261121200000Institutions },
  ...auditLogMigrations,
  { name: 'Migration20261121400000Verifications', class: Migration20261121400000Verifications },
  ...retentionMigrations,
  { name: 'Migration20261126200000DocumentRetention', class: Migration20261126200000DocumentRetention },
  { name: 'Migration20261126400000RequestLanguage', class: Migration20261126400000RequestLanguage },
];
