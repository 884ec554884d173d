import { Migration } from '@tullab/db';

/** Staff mark contact messages handled (issue 6): who and when. */
export class Migration20261121500000ContactHandling extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table contact_message add column handled_at timestamptz null');
    this.addSql('alter table contact_message add column handled_by uuid null');
    this.addSql('create index contact_message_status_idx on contact_message (status, created_at desc, id)');
  }
}
