import { Migration } from '@tullab/db';

/**
 * Staff see undelivered mail (issue 11, "SMTP answering 5xx"): when each mail last changed, kept by the database so
 * every writer (the dispatcher's claims and outcomes, a staff retry) sets it without knowing; and the failed list,
 * newest first, read from an index.
 */
export class Migration20261126300000EmailStaffView extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email add column updated_at timestamptz null');
    this.addSql('update email set updated_at = coalesce(sent_at, created_at)');
    this.addSql(
      'alter table email alter column updated_at set default now(), alter column updated_at set not null',
    );
    this.addSql(`create function email_touch() returns trigger language plpgsql as $$
      begin
        new.updated_at := case when tg_op = 'INSERT' then new.created_at else now() end;
        return new;
      end $$`);
    this.addSql(`create trigger email_touch before insert or update on email
      for each row execute function email_touch()`);
    this.addSql('create index email_status_idx on email (status, created_at desc, id)');
  }
}
