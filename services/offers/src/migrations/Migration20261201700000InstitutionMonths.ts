import { Migration } from '@tullab/db';

/**
 * Institution figures that survive differencing (decision 017): a brand's figures of a month that has ended are
 * worked out once, the first time they are asked for, and kept, so the same question always gets the same answer
 * (a later verification or a deleted account cannot move them by one student). `figures` holds only what a brand may
 * see: per scope (`all`, or an offer id) the institutions named and `others`, never a student. A new table, so no
 * lock on any table with data.
 */
export class Migration20261201700000InstitutionMonths extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table institution_month (
      brand_id uuid not null references brand (id),
      month date not null,
      figures jsonb not null,
      computed_at timestamptz not null default now(),
      primary key (brand_id, month)
    )`);
  }
}
