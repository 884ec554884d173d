import { Migration } from '@tullab/db';

/**
 * Brand apps' webhooks (issue 30 point 5): which app is whose (kept from identity's `brand-app.changed`), each app's
 * endpoint with its sealed signing secret, the deliveries (one per event and app, its id the `webhook-id`) and each
 * delivery's attempts, the portal's log.
 */
export class Migration20261206100000Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table brand_app (
      app_id uuid primary key,
      brand_id uuid not null,
      mode text not null check (mode in ('test', 'live')),
      revoked boolean not null,
      changed_at timestamptz not null
    )`);
    this.addSql(`create table webhook_endpoint (
      app_id uuid primary key references brand_app (app_id),
      brand_id uuid not null,
      url text not null,
      events text[] not null,
      sealed_secret text not null,
      secret_hint text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      secret_rotated_at timestamptz null
    )`);
    this.addSql(`create table webhook_delivery (
      id text primary key,
      app_id uuid not null references brand_app (app_id),
      brand_id uuid not null,
      type text not null,
      payload jsonb not null,
      status text not null check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      last_status integer null,
      last_error text null,
      next_attempt_at timestamptz null,
      delivered_at timestamptz null,
      request_id text null,
      created_at timestamptz not null
    )`);
    // the portal's log, newest first; and the pending deliveries the requeue task looks for
    this.addSql('create index webhook_delivery_app_idx on webhook_delivery (app_id, created_at desc)');
    this.addSql(
      "create index webhook_delivery_pending_idx on webhook_delivery (next_attempt_at) where status = 'pending'",
    );
    this.addSql(`create table webhook_attempt (
      id uuid primary key,
      delivery_id text not null references webhook_delivery (id) on delete cascade,
      attempted_at timestamptz not null,
      status integer null,
      error text null,
      duration_ms integer not null
    )`);
    this.addSql('create index webhook_attempt_delivery_idx on webhook_attempt (delivery_id, attempted_at)');
  }
}
