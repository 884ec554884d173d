import { Migration } from '@tullab/db';

/**
 * Staff deleting an offer archive it (issue "Abuse-proof", offer changes are audited): `archived` is a status, and no
 * offer can take its redemption history with it any more.
 */
export class Migration20261125500000ArchivedOffers extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table offer drop constraint offer_status_check');
    this.addSql(`alter table offer add constraint offer_status_check
      check (status in ('draft', 'live', 'paused', 'expired', 'archived'))`);
    this.addSql('alter table redemption drop constraint redemption_offer_id_fkey');
    this.addSql(`alter table redemption add constraint redemption_offer_id_fkey
      foreign key (offer_id) references offer (id) on delete restrict`);
  }
}
