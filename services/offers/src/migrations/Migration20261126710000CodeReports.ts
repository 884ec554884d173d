import { Migration } from '@tullab/db';

/**
 * "This code didn't work" (issue 13 point 4): a student's report about the code a redemption gave them, kept with the
 * address, first name and language their answer is written to (offers knows a student only by id otherwise), and what
 * staff decided. One open report per redemption; the console counts open reports per offer.
 */
export class Migration20261126710000CodeReports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table code_report (
      id uuid primary key,
      offer_id uuid not null references offer (id),
      user_id uuid not null,
      redemption_id uuid not null,
      code text null,
      reason text not null check (reason in ('code-rejected', 'code-expired', 'already-used', 'other')),
      text text null,
      reporter_email text null,
      reporter_first_name text null,
      language text not null default 'en',
      status text not null default 'open' check (status in ('open', 'answered')),
      outcome text null check (outcome in ('fresh-code', 'offer-paused', 'answered')),
      answer text null,
      fresh_redemption_id uuid null,
      decided_by uuid null,
      decided_at timestamptz null,
      created_at timestamptz not null
    )`);
    this.addSql(`create index code_report_status_created_idx on code_report (status, created_at desc)`);
    this.addSql(`create index code_report_offer_open_idx on code_report (offer_id) where status = 'open'`);
    this.addSql(
      `create unique index code_report_one_open_per_redemption on code_report (redemption_id) where status = 'open'`,
    );
  }
}
