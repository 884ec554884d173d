import { Migration } from '@tullab/db';

/**
 * Users, sessions, password reset and student profiles. Unqualified names: `search_path` is the service schema.
 * Foreign keys are checked at commit (the entities carry plain user ids, so the ORM may insert in any order).
 */
export class Migration20261121100000Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table users (
      id uuid primary key,
      email text not null,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      phone text null,
      role text not null check (role in ('student', 'staff', 'admin')),
      email_marketing boolean not null default true,
      whatsapp_marketing boolean not null default true,
      verification_status text not null default 'none',
      student_email text null,
      verified_at timestamptz null,
      verification_changed_at timestamptz null,
      failed_login_count integer not null default 0,
      login_blocked_until timestamptz null,
      locked boolean not null default false,
      disabled_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint users_email_lower_check check (email = lower(email)))`);
    this.addSql('create unique index users_email_key on users (lower(email))');

    this.addSql(`create table sessions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
      token_hash char(64) not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null)`);
    this.addSql('create unique index sessions_token_hash_key on sessions (token_hash)');
    this.addSql('create index sessions_user_id_idx on sessions (user_id)');

    this.addSql(`create table password_reset_codes (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
      code_hash char(64) not null,
      attempts integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      revoked_at timestamptz null)`);
    this.addSql(
      'create index password_reset_codes_user_idx on password_reset_codes (user_id, created_at desc)',
    );

    this.addSql(`create table password_reset_grants (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
      token_hash char(64) not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null)`);
    this.addSql(
      'create unique index password_reset_grants_token_hash_key on password_reset_grants (token_hash)',
    );
    this.addSql('create index password_reset_grants_user_idx on password_reset_grants (user_id)');

    this.addSql(`create table student_profile (
      user_id uuid primary key references users (id) on delete cascade deferrable initially deferred,
      phone_number text null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
  }
}
