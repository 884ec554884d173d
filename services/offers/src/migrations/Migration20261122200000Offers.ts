import { Migration } from '@tullab/db';

/**
 * The offers catalogue (issue 4): offers, their code pools, redemptions, the tracking aggregates and merchant
 * applications. Unqualified names: `search_path` is the service schema.
 */
export class Migration20261122200000Offers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table offer (
      id uuid primary key,
      title text not null,
      brand_name text not null,
      business_name text not null,
      business_description text not null,
      description text not null,
      business_category text not null,
      offer_type text not null check (offer_type in ('discount', 'referral')),
      discount_type text null check (discount_type in ('percentage', 'fixed', 'free_shipping')),
      discount_value numeric(10, 2) null check (discount_value > 0),
      code text null,
      referral_link text null,
      website_link text null,
      expires_at timestamptz null,
      discount_redemption_guide jsonb not null default '[]',
      terms_and_conditions text not null,
      general_info text null,
      status text not null check (status in ('draft', 'live', 'paused', 'expired')),
      max_redemptions_per_student integer not null default 1 check (max_redemptions_per_student >= 1),
      current_uses integer not null default 0,
      logo_key text null,
      logo_content_type text null,
      logo_version integer not null default 0,
      low_pool_alerted_at timestamptz null,
      pool_exhausted_alerted_at timestamptz null,
      merchant_application_id uuid null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint offer_referral_link_check check (offer_type <> 'referral' or referral_link is not null))`);
    this.addSql('create index offer_status_expires_idx on offer (status, expires_at)');
    this.addSql('create unique index offer_merchant_application_key on offer (merchant_application_id)');
    // Every committed change of the catalogue is announced, so each process drops its cached GET /offers body.
    this.addSql(`create function offer_catalogue_changed() returns trigger language plpgsql as $$
      begin perform pg_notify('offer_catalogue', tg_table_schema); return null; end $$`);
    this.addSql(`create trigger offer_catalogue_changed after insert or update or delete or truncate on offer
      for each statement execute function offer_catalogue_changed()`);

    // `seq` keeps the import order: codes are handed out oldest first.
    this.addSql(`create table offer_code (
      id uuid primary key,
      seq bigint generated always as identity,
      offer_id uuid not null references offer (id) on delete cascade,
      code text not null,
      claimed_by uuid null,
      claimed_at timestamptz null,
      created_at timestamptz not null default now())`);
    this.addSql('create unique index offer_code_offer_code_key on offer_code (offer_id, code)');
    this.addSql(
      'create index offer_code_unclaimed_idx on offer_code (offer_id, seq) where claimed_by is null',
    );

    this.addSql(`create table redemption (
      id uuid primary key,
      offer_id uuid not null references offer (id) on delete cascade,
      user_id uuid not null,
      sequence integer not null check (sequence >= 1),
      code text null,
      created_at timestamptz not null)`);
    this.addSql(
      'create unique index redemption_offer_user_sequence_key on redemption (offer_id, user_id, sequence)',
    );
    this.addSql('create index redemption_user_created_idx on redemption (user_id, created_at)');

    this.addSql(`create table offer_engagement (
      offer_id uuid not null references offer (id) on delete cascade,
      user_id uuid not null,
      first_at timestamptz not null,
      primary key (offer_id, user_id))`);

    this.addSql(`create table offer_daily_stat (
      offer_id uuid not null references offer (id) on delete cascade,
      day date not null,
      views integer not null default 0,
      link_copies integer not null default 0,
      code_copies integer not null default 0,
      referral_clicks integer not null default 0,
      redemptions integer not null default 0,
      primary key (offer_id, day))`);

    this.addSql(`create table merchant_application (
      id uuid primary key,
      brand_name text not null,
      brand_category text not null,
      business_description text not null,
      general_info text null,
      offer_type text not null check (offer_type in ('discount', 'referral')),
      discount_code text null,
      discount_type text null check (discount_type in ('percentage', 'fixed', 'free_shipping')),
      discount_value numeric(10, 2) null,
      referral_link text null,
      expiry_date timestamptz null,
      website_link text null,
      discount_redemption_guide jsonb not null,
      terms_and_conditions text not null,
      contact_email text not null,
      contact_name text not null,
      contact_phone text null,
      logo_key text not null,
      logo_content_type text not null,
      status text not null check (status in ('pending', 'approved', 'rejected')),
      reason text null,
      offer_id uuid null,
      decided_by uuid null,
      decided_at timestamptz null,
      created_at timestamptz not null)`);
    this.addSql(
      'create index merchant_application_status_created_idx on merchant_application (status, created_at)',
    );
  }
}
