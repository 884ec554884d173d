import { Migration } from '@tullab/db';

/**
 * Each mail remembers its recipient's language (issue 12), so every attempt renders it in that language, a staff
 * retry included. Mail recorded before is English, as it was written.
 */
export class Migration20261126500000EmailLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table email add column language text not null default 'en'`);
    this.addSql(`alter table email add constraint email_language_check check (language in ('en', 'ar'))`);
  }
}
