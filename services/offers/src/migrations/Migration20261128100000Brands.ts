import { Migration } from '@tullab/db';

/**
 * Brands with merchant accounts (issue 16, decision 016): one per approved merchant application, its offers marked
 * with it. Applications approved before are given theirs, with the offer their approval made; offers staff made
 * themselves belong to no brand (no merchant sees them). The offer's reference to its brand is checked at commit: an
 * approval inserts both in one flush, in whichever order the ORM picks.
 */
export class Migration20261128100000Brands extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table brand (
      id uuid primary key,
      name varchar(255) not null,
      contact_email varchar(255) not null,
      contact_name varchar(255) not null,
      language text not null default 'en',
      merchant_application_id uuid null unique references merchant_application (id) on delete set null,
      created_at timestamptz not null default now())`);
    this.addSql(
      'alter table offer add column brand_id uuid null references brand (id) on delete set null deferrable initially deferred',
    );
    this.addSql('create index offer_brand_idx on offer (brand_id)');
    this
      .addSql(`insert into brand (id, name, contact_email, contact_name, language, merchant_application_id, created_at)
      select gen_random_uuid(), brand_name, contact_email, contact_name, language, id, coalesce(decided_at, created_at)
      from merchant_application where status = 'approved'`);
    this.addSql(`update offer set brand_id = brand.id from brand
      where offer.merchant_application_id = brand.merchant_application_id`);
  }
}
