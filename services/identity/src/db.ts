import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { initOrm } from '@tullab/db';
import { eventEntities, eventsMigration } from '@tullab/events';
import type { Logger } from '@tullab/log';
import { AuditLogSchema, auditLogMigrations } from '@tullab/audit-log';
import type { Config } from './config';
import { Migration20261121100000Identity } from './migrations/Migration20261121100000Identity';
import { Migration20261122100000VerificationExpiry } from './migrations/Migration20261122100000VerificationExpiry';
import { Migration20261123100000StaffConsole } from './migrations/Migration20261123100000StaffConsole';
import { Migration20261125100000SessionBroadcasts } from './migrations/Migration20261125100000SessionBroadcasts';
import { Migration20261125300000StaffEnrolment } from './migrations/Migration20261125300000StaffEnrolment';
import { Migration20261126100000AccountDeletion } from './migrations/Migration20261126100000AccountDeletion';
import { Migration20261126500000UserLanguage } from './migrations/Migration20261126500000UserLanguage';
import { Migration20261128100000MerchantAccounts } from './migrations/Migration20261128100000MerchantAccounts';
import { Migration20261202300000MerchantInvitations } from './migrations/Migration20261202300000MerchantInvitations';
import { Migration20261202500000EmailProof } from './migrations/Migration20261202500000EmailProof';
import { Migration20261203100000ConnectProvider } from './migrations/Migration20261203100000ConnectProvider';
import { Migration20261204300000ConnectedBrands } from './migrations/Migration20261204300000ConnectedBrands';
import { Migration20261205100000HashedProviderTokens } from './migrations/Migration20261205100000HashedProviderTokens';
import { Migration20261206200000AnnounceBrandApps } from './migrations/Migration20261206200000AnnounceBrandApps';
import { Migration20261207100000InstitutionClaim } from './migrations/Migration20261207100000InstitutionClaim';
import { BrandAppSchema } from './modules/connect/entities';
import { MerchantInvitationSchema } from './modules/merchants/entities';
import { MfaChallengeSchema } from './modules/mfa/entities';
import { ResetCodeSchema, ResetGrantSchema } from './modules/password-reset/entities';
import { StudentProfileSchema } from './modules/profiles/entities';
import { SessionSchema } from './modules/sessions/entities';
import { StaffInvitationSchema } from './modules/staff/entities';
import { UserSchema } from './modules/users/entities';

/** Identity's own entities (the runtime adds the outbox and processed-event ones). */
export const entities = [
  UserSchema,
  SessionSchema,
  ResetCodeSchema,
  ResetGrantSchema,
  StudentProfileSchema,
  MfaChallengeSchema,
  StaffInvitationSchema,
  MerchantInvitationSchema,
  BrandAppSchema,
  AuditLogSchema,
] as EntitySchema[];

/** Identity's own migrations, oldest first; they run after @tullab/events' `eventsMigration`. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261121100000Identity', class: Migration20261121100000Identity },
  { name: 'Migration20261122100000VerificationExpiry', class: Migration20261122100000VerificationExpiry },
  ...auditLogMigrations,
  { name: 'Migration20261123100000StaffConsole', class: Migration20261123100000StaffConsole },
  { name: 'Migration20261125100000SessionBroadcasts', class: Migration20261125100000SessionBroadcasts },
  { name: 'Migration20261125300000StaffEnrolment', class: Migration20261125300000StaffEnrolment },
  { name: 'Migration20261126100000AccountDeletion', class: Migration20261126100000AccountDeletion },
  { name: 'Migration20261126500000UserLanguage', class: Migration20261126500000UserLanguage },
  { name: 'Migration20261128100000MerchantAccounts', class: Migration20261128100000MerchantAccounts },
  { name: 'Migration20261202300000MerchantInvitations', class: Migration20261202300000MerchantInvitations },
  { name: 'Migration20261202500000EmailProof', class: Migration20261202500000EmailProof },
  { name: 'Migration20261203100000ConnectProvider', class: Migration20261203100000ConnectProvider },
  { name: 'Migration20261204300000ConnectedBrands', class: Migration20261204300000ConnectedBrands },
  { name: 'Migration20261205100000HashedProviderTokens', class: Migration20261205100000HashedProviderTokens },
  // the apps made before brand-app.changed, announced once for their webhooks (issue 30 point 5)
  { name: 'Migration20261206200000AnnounceBrandApps', class: Migration20261206200000AnnounceBrandApps },
  { name: 'Migration20261207100000InstitutionClaim', class: Migration20261207100000InstitutionClaim },
];

/** The ORM for tools that run outside the service (the staff CLI): same schema, migrated first. */
export function openDatabase(config: Config, log: Logger) {
  return initOrm({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    entities: [...eventEntities, ...entities],
    migrations: [eventsMigration, ...migrations],
    log,
    poolMax: 2,
  });
}
