import { Migration } from '@tullab/db';

/** Outgoing e-mails and contact messages. Table names are unqualified: `search_path` is the service's schema. */
export class Migration20261121100000Notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table email (
      id uuid primary key,
      recipient text not null,
      template text not null,
      data jsonb not null default '{}',
      sealed text null,
      reply_to text null,
      status text not null default 'pending',
      attempts integer not null default 0,
      last_error text null,
      next_attempt_at timestamptz not null default now(),
      expires_at timestamptz null,
      sent_at timestamptz null,
      created_at timestamptz not null default now(),
      constraint email_status_check check (status in ('pending', 'sent', 'failed', 'expired')),
      constraint email_sealed_only_while_pending check (sealed is null or status = 'pending'))`);
    this.addSql(`create index email_due_idx on email (next_attempt_at) where status = 'pending'`);
    this.addSql('create index email_created_idx on email (created_at)');
    this.addSql(`create table contact_message (
      id uuid primary key,
      first_name text not null,
      last_name text not null,
      email text not null,
      message text not null,
      status text not null default 'new',
      email_id uuid null,
      ip text null,
      created_at timestamptz not null default now(),
      constraint contact_message_status_check check (status in ('new', 'handled')))`);
    this.addSql('create index contact_message_created_idx on contact_message (created_at)');
    this.addSql(`create index contact_message_new_idx on contact_message (created_at) where status = 'new'`);
  }
}
