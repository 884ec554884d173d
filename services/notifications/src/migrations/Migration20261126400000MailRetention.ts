import { Migration } from '@tullab/db';

/**
 * Mail bodies and contact messages are kept only for a while (issue 11 pt 5). A delivered mail's body (the values
 * it was made of, its Reply-To) is erased after the period and the row records when; the database refuses to erase
 * the body of a mail that was not delivered, since mail is retried until it is. The partial index holds only
 * delivered mail whose body is still kept.
 */
export class Migration20261126400000MailRetention extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email add column body_erased_at timestamptz null');
    this.addSql(`alter table email add constraint email_body_erased_only_when_sent
      check (body_erased_at is null or status = 'sent')`);
    this.addSql(`create index email_body_retention_idx on email (sent_at)
      where status = 'sent' and body_erased_at is null`);
  }
}
