import { Migration } from '@tullab/db';

/**
 * Codes that mean something (issue 13, decision 012): every offer keeps the code Tullab made for it, SPEC §4's
 * `<brand>tullab<NN>`, made once. A discount offer with neither a code of its own nor a pool gives every student that
 * one code, which staff see and send to the merchant, instead of a new random one per redemption. Offers made before
 * get theirs here, in the same shape as `generatedCode` (the brand lower-cased, only a-z and 0-9 kept); codes already
 * handed out stay on their redemptions.
 */
export class Migration20261126500000OneCodePerOffer extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table offer add column generated_code text null');
    this.addSql(`update offer set generated_code =
      regexp_replace(lower(brand_name), '[^a-z0-9]', '', 'g') || 'tullab' || (10 + floor(random() * 90))::int`);
    this.addSql('alter table offer alter column generated_code set not null');
  }
}
