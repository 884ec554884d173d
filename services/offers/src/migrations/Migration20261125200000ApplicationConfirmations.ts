import { Migration } from '@tullab/db';

/**
 * The application form is not a mail relay (docs/security.md, "No mail relay"): whether an application's confirmation
 * was e-mailed, since one address gets at most one confirmation a day. Applications before this change all were.
 */
export class Migration20261125200000ApplicationConfirmations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table merchant_application add column confirmation_emailed boolean not null default true',
    );
    this.addSql(
      'create index merchant_application_recipient_idx on merchant_application (lower(contact_email), created_at)',
    );
  }
}
