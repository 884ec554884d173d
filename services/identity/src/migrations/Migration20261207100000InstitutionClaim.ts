import { Migration } from '@tullab/db';

/**
 * Verify with Tullab's `institution` claim (issue 30 point 1, decision 019): the name of the institution an active
 * student was verified at, as `verification.status_changed` tells it; null for any other status. Students verified
 * before have none until their next verification change: identity never learnt it, and the claim is then left out.
 */
export class Migration20261207100000InstitutionClaim extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table users add column institution_name text null`);
  }
}
