import { Migration } from '@tullab/db';

/**
 * Verify with Tullab (issue 30, decision 019): the OpenID Connect provider's records and signing keys.
 *
 * - oidc_records: what the provider keeps (interactions, sessions, grants, authorization codes, access tokens), one
 *   row per model and id, its payload as JSON; `consumed_at` marks a used code once, `expires_at` lets retention
 *   remove what has expired. Looked up by id, by `uid` (interactions, sessions) and by `grant_id` (revocation).
 * - oidc_signing_keys: the provider's EC P-256 keys, each private key sealed; the newest unretired one signs, and a
 *   retired one is published until `retired_at` plus the longest token life has passed.
 * - brand_apps: a brand's clients of the provider (issue 30 point 2), each with the SHA-256 of its secret; listed per
 *   brand, newest first.
 */
export class Migration20261203100000ConnectProvider extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oidc_records (model text not null, id text not null, payload jsonb not null,
      grant_id text null, uid text null, user_code text null,
      expires_at timestamptz null, consumed_at timestamptz null, primary key (model, id))`);
    this.addSql('create index oidc_records_grant_id on oidc_records (grant_id) where grant_id is not null');
    this.addSql('create index oidc_records_uid on oidc_records (model, uid) where uid is not null');
    this.addSql(
      'create index oidc_records_expires_at on oidc_records (expires_at) where expires_at is not null',
    );
    this.addSql(`create table oidc_signing_keys (kid text primary key, sealed_key text not null,
      created_at timestamptz not null default now(), retired_at timestamptz null)`);
    this.addSql(`create table brand_apps (id uuid primary key, brand_id uuid not null, name text not null,
      redirect_uris text[] not null, mode text not null check (mode in ('test', 'live')),
      secret_hash text not null, secret_hint text not null, created_by uuid not null, created_at timestamptz not null,
      secret_rotated_at timestamptz null, revoked_at timestamptz null)`);
    this.addSql('create index brand_apps_brand on brand_apps (brand_id, created_at desc)');
  }
}
