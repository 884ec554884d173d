import { Migration } from '@tullab/db';

/**
 * Brand apps (issue 30 point 2, decision 019): a brand's clients of the OpenID Connect provider, each with the
 * SHA-256 of its secret; listed per brand, newest first.
 */
export class Migration20261203200000BrandApps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table brand_apps (
      id uuid primary key,
      brand_id uuid not null,
      name text not null,
      redirect_uris text[] not null,
      mode text not null check (mode in ('test', 'live')),
      secret_hash text not null,
      secret_hint text not null,
      created_by uuid not null,
      created_at timestamptz not null,
      secret_rotated_at timestamptz null,
      revoked_at timestamptz null)`);
    this.addSql('create index brand_apps_brand on brand_apps (brand_id, created_at desc)');
  }
}
