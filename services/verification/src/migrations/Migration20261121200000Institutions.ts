import { Migration } from '@tullab/db';

/**
 * Institutions and their e-mail domains (issue 3), seeded from src/data at start and edited by staff. Unqualified
 * names: `search_path` is the service schema. The domain's foreign key is checked at commit (the entity carries a
 * plain institution id, so the ORM may insert in any order).
 */
export class Migration20261121200000Institutions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table institution (
      id uuid primary key,
      name text not null,
      other_names jsonb not null default '[]',
      emirate text null,
      city text null,
      status text not null,
      active boolean not null,
      source_key text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`);
    this.addSql('create unique index institution_source_key_key on institution (source_key)');
    this.addSql('create index institution_name_idx on institution (lower(name))');

    this.addSql(`create table institution_domain (
      id uuid primary key,
      institution_id uuid not null references institution (id) on delete cascade deferrable initially deferred,
      domain text not null,
      kind text not null,
      confidence text not null check (confidence in ('high', 'medium', 'low')),
      created_at timestamptz not null default now(),
      constraint institution_domain_lower_check check (domain = lower(domain)))`);
    this.addSql('create unique index institution_domain_domain_key on institution_domain (domain)');
    this.addSql('create index institution_domain_institution_idx on institution_domain (institution_id)');
  }
}
