import { Migration } from '@tullab/db';

/**
 * Arabic (issue 12): a user's language, `en` or `ar`, set at sign-up from the language the student's app showed and
 * changed with PUT /auth/user/language. Identity's own mails to a student are written in it. Accounts made before
 * keep English, which is what they were sent until now; staff stay English.
 */
export class Migration20261126500000UserLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column language text not null default 'en'
      constraint users_language_check check (language in ('en', 'ar'))`);
  }
}
