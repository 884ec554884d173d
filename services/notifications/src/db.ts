import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { AuditLogSchema, auditLogMigrations } from '@tullab/audit-log';
import { retentionMigrations, RetentionRunSchema } from '@tullab/retention';
import { ContactMessageSchema } from './modules/contact-messages/entities';
import { EmailSchema } from './modules/emails/entities';
import {
  BrandAppSchema,
  WebhookAttemptSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
} from './modules/webhooks/entities';
import { Migration20261121100000Notifications } from './migrations/Migration20261121100000Notifications';
import { Migration20261121500000ContactHandling } from './migrations/Migration20261121500000ContactHandling';
import { Migration20261126300000EmailStaffView } from './migrations/Migration20261126300000EmailStaffView';
import { Migration20261126400000MailRetention } from './migrations/Migration20261126400000MailRetention';
import { Migration20261126500000EmailLanguage } from './migrations/Migration20261126500000EmailLanguage';
import { Migration20261127300000EmailRequestId } from './migrations/Migration20261127300000EmailRequestId';
import { Migration20261202500000MailTiedToAccounts } from './migrations/Migration20261202500000MailTiedToAccounts';
import { Migration20261206100000Webhooks } from './migrations/Migration20261206100000Webhooks';
import { Migration20261206300000WebhookRetention } from './migrations/Migration20261206300000WebhookRetention';

/**
 * Notifications' tables. `@tullab/runtime` adds the outbox and processed-event entities and runs `eventsMigration`
 * before these migrations (oldest first), in the schema `DB_SCHEMA` (default `notifications`).
 */
export const entities: EntitySchema[] = [
  EmailSchema,
  ContactMessageSchema,
  AuditLogSchema as EntitySchema,
  RetentionRunSchema as EntitySchema,
  BrandAppSchema,
  WebhookEndpointSchema,
  WebhookDeliverySchema,
  WebhookAttemptSchema,
];

export const migrations: MigrationObject[] = [
  { name: 'Migration20261121100000Notifications', class: Migration20261121100000Notifications },
  { name: 'Migration20261121500000ContactHandling', class: Migration20261121500000ContactHandling },
  { name: 'Migration20261126300000EmailStaffView', class: Migration20261126300000EmailStaffView },
  // the audit log of erasures (decision 009)
  ...auditLogMigrations,
  // what the retention policies keep and when they ran (issue 11 pt 5)
  ...retentionMigrations,
  { name: 'Migration20261126400000MailRetention', class: Migration20261126400000MailRetention },
  // the recipient's language of each mail (issue 12)
  { name: 'Migration20261126500000EmailLanguage', class: Migration20261126500000EmailLanguage },
  // the request id of the event that asked for each mail (issue 15 pt 5)
  { name: 'Migration20261127300000EmailRequestId', class: Migration20261127300000EmailRequestId },
  // mail and contact messages tied to their account; failed and expired mail's bodies erased too (issue 28, T23)
  { name: 'Migration20261202500000MailTiedToAccounts', class: Migration20261202500000MailTiedToAccounts },
  // brand apps' webhooks: which app is whose, endpoints, deliveries and their attempts (issue 30 point 5)
  { name: 'Migration20261206100000Webhooks', class: Migration20261206100000Webhooks },
  // delivered and failed webhook deliveries deleted after a period (decision 010)
  { name: 'Migration20261206300000WebhookRetention', class: Migration20261206300000WebhookRetention },
];
