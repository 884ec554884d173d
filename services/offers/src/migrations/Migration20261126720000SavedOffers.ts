import { Migration } from '@tullab/db';

/**
 * Saved offers (issue 13 point 3, decision 014): the offers a student keeps on their account, once each, and when
 * they were told that one ends soon (`ending_mailed_at`, set with the event in one transaction, so once per offer and
 * student). A student who removes an offer they were told about keeps its row, marked `removed_at`, so saving it again
 * tells them nothing twice; other removals delete the row. Rows go with their offer.
 */
export class Migration20261126720000SavedOffers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table saved_offer (
      user_id uuid not null,
      offer_id uuid not null references offer (id) on delete cascade,
      saved_at timestamptz not null default now(),
      ending_mailed_at timestamptz null,
      removed_at timestamptz null,
      primary key (user_id, offer_id))`);
    this.addSql('create index saved_offer_user_idx on saved_offer (user_id, saved_at desc)');
    this.addSql(
      'create index saved_offer_unmailed_idx on saved_offer (offer_id) where ending_mailed_at is null and removed_at is null',
    );
  }
}
