import { Migration } from '@tullab/db';

/**
 * UAE PDPL erasure (decision 009): a deleted account keeps its row, anonymised, so that what other tables and the
 * audit logs say about it still points somewhere and the console can show it as deleted. `deleted_at` marks it; its
 * e-mail becomes `deleted-<id>@deleted.invalid`, which frees the address for a new account.
 */
export class Migration20261126100000AccountDeletion extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column deleted_at timestamptz null');
  }
}
