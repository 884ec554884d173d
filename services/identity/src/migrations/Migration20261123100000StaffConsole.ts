import { Migration } from '@tullab/db';

/**
 * The staff console (issue 6): the staff second factor (S37), staff invitations, and indexes for the admin lists.
 *
 * - users: the confirmed TOTP secret (sealed), when it was confirmed, and the last accepted time-step (no code is
 *   accepted twice). An invited staff member has no password until they accept, so `password_hash` may be null.
 * - mfa_challenges: a staff password that was right, waiting for the second factor (the `mfa` cookie); an
 *   enrolment started in it keeps its pending secret (sealed) here until a code confirms it.
 * - staff_invitations: only the SHA-256 of the invitation token is stored.
 * - Sessions issued before the second factor existed belong to no second factor: staff sign in again.
 */
export class Migration20261123100000StaffConsole extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users alter column password_hash drop not null');
    this.addSql('alter table users add column mfa_secret text null');
    this.addSql('alter table users add column mfa_enrolled_at timestamptz null');
    this.addSql('alter table users add column mfa_last_step integer null');
    this.addSql("delete from sessions where user_id in (select id from users where role <> 'student')");

    // The admin lists filter by role and sort by one of these (id breaks ties, as the list parser orders).
    this.addSql('create index users_role_created_idx on users (role, created_at desc, id)');
    this.addSql('create index users_role_email_idx on users (role, email, id)');
    this.addSql('create index users_role_last_name_idx on users (role, last_name, id)');

    this.addSql(`create table mfa_challenges (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
      token_hash char(64) not null,
      pending_secret text null,
      attempts integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null)`);
    this.addSql('create unique index mfa_challenges_token_hash_key on mfa_challenges (token_hash)');
    this.addSql('create index mfa_challenges_user_idx on mfa_challenges (user_id)');

    this.addSql(`create table staff_invitations (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
      token_hash char(64) not null,
      invited_by uuid not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      accepted_at timestamptz null,
      revoked_at timestamptz null)`);
    this.addSql('create unique index staff_invitations_token_hash_key on staff_invitations (token_hash)');
    this.addSql('create index staff_invitations_user_idx on staff_invitations (user_id, created_at desc)');
  }
}
