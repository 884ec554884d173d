import { Migration } from '@tullab/db';

/** The outbox and processed-event tables; every service lists this migration first. */
export class Migration20261121000000Events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table outbox (
      id uuid primary key,
      name text not null,
      payload jsonb not null,
      request_id text null,
      occurred_at timestamptz not null,
      enqueued_at timestamptz null,
      swept_at timestamptz null)`);
    this.addSql('create index outbox_unsent_idx on outbox (occurred_at) where enqueued_at is null');
    this.addSql('create index outbox_enqueued_idx on outbox (enqueued_at) where enqueued_at is not null');
    this.addSql(`create table processed_event (
      event_id uuid primary key,
      name text not null,
      processed_at timestamptz not null)`);
  }
}

export const eventsMigration = {
  name: 'Migration20261121000000Events',
  class: Migration20261121000000Events,
};
