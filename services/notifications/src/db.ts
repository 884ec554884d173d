import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { ContactMessageSchema } from './modules/contact-messages/entities';
import { EmailSchema } from './modules/emails/entities';
import { Migration20261121100000Notifications } from './migrations/Migration20261121100000Notifications';
import { Migration20261121500000ContactHandling } from './migrations/Migration20261121500000ContactHandling';

/**
 * Notifications' tables. `@tullab/runtime` adds the outbox and processed-event entities and runs `eventsMigration`
 * before these migrations (oldest first), in the schema `DB_SCHEMA` (default `notifications`).
 */
export const entities: EntitySchema[] = [EmailSchema, ContactMessageSchema];

export const migrations: MigrationObject[] = [
  { name: 'Migration20261121100000Notifications', class: Migration20261121100000Notifications },
  { name: 'Migration20261121500000ContactHandling', class: Migration20261121500000ContactHandling },
];
