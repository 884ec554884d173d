import { Migration } from '@tullab/db';

/**
 * Student documents are kept only for a while after the decision (issue 11 pt 5): the file leaves the bucket, the
 * request keeps its decision and records when its file was deleted. The partial index holds only decided requests
 * whose file is still stored, so the retention run finds what is due without reading the history.
 */
export class Migration20261126200000DocumentRetention extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table verification_request add column document_deleted_at timestamptz null');
    this.addSql(`create index verification_request_document_retention_idx on verification_request
      ((coalesce(decided_at, updated_at)))
      where document_key is not null and document_deleted_at is null
        and status in ('approved', 'rejected', 'cancelled')`);
  }
}
