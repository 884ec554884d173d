import { Migration } from '@tullab/db';

/**
 * Privacy by proof (issue 28, T23, decision 009 revised): mail and contact messages are tied, when written, to the
 * account they belong to, so a student's export and erasure reach them by that tie rather than by an address anyone
 * could type. Rows written before have no tie; they are reached only by an address the person proved.
 *
 * - email.user_id: the account the mail is to; email.about_user_id: the student a mail to staff names.
 * - contact_message.user_id: the account of a sender who was signed in.
 * - The three are null on every existing row: their partial indexes hold nothing yet, and building them reads the
 *   table once (writes wait that long, reads do not).
 * - Retention (decision 010) now erases the body of failed and expired mail too, after the same period counted from
 *   when it failed or expired (`updated_at`), so the database allows an erased body on any mail no longer pending. The
 *   new constraint is looser than the one it replaces, which every existing row meets: it is added NOT VALID, so the
 *   table is not scanned under this migration's lock, and every row written from now on is checked.
 */
export class Migration20261202500000MailTiedToAccounts extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email add column user_id uuid null, add column about_user_id uuid null');
    this.addSql('create index email_user_idx on email (user_id) where user_id is not null');
    this.addSql('create index email_about_user_idx on email (about_user_id) where about_user_id is not null');
    this.addSql('alter table contact_message add column user_id uuid null');
    this.addSql(
      'create index contact_message_user_idx on contact_message (user_id) where user_id is not null',
    );

    this.addSql('alter table email drop constraint email_body_erased_only_when_sent');
    this.addSql(`alter table email add constraint email_body_erased_only_when_settled
      check (body_erased_at is null or status <> 'pending') not valid`);
    this.addSql(`create index email_settled_body_retention_idx on email (updated_at)
      where status in ('failed', 'expired') and body_erased_at is null`);
  }
}
