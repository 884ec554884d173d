import { Migration } from '@tullab/db';

/**
 * Student verification (issue 3): each student's current state, their requests (e-mail code, unrecognised domain,
 * document) and the hashed e-mail codes. One student e-mail verifies one account: a unique index over the e-mails
 * of students who were ever verified.
 */
export class Migration20261121400000Verifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table student_status (
      user_id uuid primary key,
      status text not null check (status in ('none', 'pending', 'unrecognized_domain', 'active', 'rejected', 'expired')),
      student_email text null,
      institution_id uuid null,
      institution_name text null,
      personal_email text not null,
      first_name text not null,
      verified_at timestamptz null,
      expires_at timestamptz null,
      reminded_early_at timestamptz null,
      reminded_late_at timestamptz null,
      changed_at timestamptz not null)`);
    this.addSql(`create unique index student_status_verified_email_key on student_status (student_email)
      where verified_at is not null`);
    this.addSql(
      `create index student_status_expiry_idx on student_status (expires_at) where status = 'active'`,
    );

    this.addSql(`create table verification_request (
      id uuid primary key,
      user_id uuid not null,
      method text not null check (method in ('email', 'document')),
      status text not null check (status in ('awaiting_code', 'pending', 'approved', 'rejected', 'cancelled')),
      student_email text null,
      email_domain text null,
      domain_recognised boolean not null default false,
      institution_id uuid null,
      institution_name text null,
      document_type text null,
      document_key text null,
      document_kind text null,
      document_name text null,
      document_size integer null,
      personal_email text not null,
      first_name text not null,
      reason text null,
      reviewer_id uuid null,
      decided_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null)`);
    this.addSql(
      'create index verification_request_user_idx on verification_request (user_id, created_at desc)',
    );
    this.addSql(
      `create index verification_request_queue_idx on verification_request (status, created_at desc, id)`,
    );
    this.addSql(
      'create index verification_request_created_idx on verification_request (created_at desc, id)',
    );
    this.addSql(`create index verification_request_institution_idx on verification_request
      (lower(institution_name) text_pattern_ops)`);
    this.addSql(`create unique index verification_request_document_key on verification_request (document_key)
      where document_key is not null`);

    this.addSql(`create table verification_code (
      id uuid primary key,
      request_id uuid not null references verification_request (id) on delete cascade deferrable initially deferred,
      user_id uuid not null,
      student_email text not null,
      code_hash text not null,
      attempts integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      revoked_at timestamptz null)`);
    this.addSql('create index verification_code_user_idx on verification_code (user_id, created_at desc)');
  }
}
