import { Migration } from '@tullab/db';

/**
 * The merchant portal's figures (issue 16, decision 016): `offer_daily_stat.students` counts the distinct students who
 * did anything with an offer on a day (the worker records them under the counter `any` of `offer_daily_actor`), and
 * `student_institution` keeps each active student's institution, so brands see where their students study, only as
 * counts. A row is replaced when the student is verified again and removed with their account.
 */
export class Migration20261128200000FunnelStudents extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table offer_daily_stat add column students integer not null default 0');
    this.addSql(`create table student_institution (
      user_id uuid primary key,
      institution_name varchar(255) not null,
      updated_at timestamptz not null)`);
  }
}
