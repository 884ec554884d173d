import { Migration } from '@tullab/db';

/**
 * A student's connected brands (issue 30, decision 019): the provider's grants are found by the student and app in
 * their payload, on every visit of the dashboard and every disconnection, without reading every grant there is.
 */
export class Migration20261204300000ConnectedBrands extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index oidc_records_grant_account on oidc_records
      ((payload->>'accountId'), (payload->>'clientId')) where model = 'Grant'`);
  }
}
