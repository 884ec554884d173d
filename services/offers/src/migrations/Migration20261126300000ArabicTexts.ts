import { Migration } from '@tullab/db';

/**
 * Tullab speaks English and Arabic (issue 12): offers and merchant applications may carry Arabic texts beside the
 * English ones (null: none, the English one is shown), and an application keeps the language its applicant used, which
 * their e-mails are written in. Applications before this change were all made in English.
 */
export class Migration20261126300000ArabicTexts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table offer
      add column title_ar text null,
      add column description_ar text null,
      add column discount_redemption_guide_ar jsonb null,
      add column terms_and_conditions_ar text null`);
    this.addSql(`alter table merchant_application
      add column business_description_ar text null,
      add column discount_redemption_guide_ar jsonb null,
      add column terms_and_conditions_ar text null,
      add column language text not null default 'en' check (language in ('en', 'ar'))`);
  }
}
