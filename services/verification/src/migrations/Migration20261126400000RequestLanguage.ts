import { Migration } from '@tullab/db';

/**
 * Bilingual e-mails (issue 12): a request keeps the language the student's app showed when they submitted it, so the
 * mails sent later about it (approved, rejected, expiring, expired) are written in that language. Requests made
 * before keep English, which is what their students were sent until now.
 */
export class Migration20261126400000RequestLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table verification_request add column language text not null default 'en'`);
  }
}
