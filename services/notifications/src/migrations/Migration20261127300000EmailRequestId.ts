import { Migration } from '@tullab/db';

/**
 * Each mail remembers the request id of the event that asked for it (ARCHITECTURE "Request ids"), so the
 * dispatcher's lines about it, at every attempt, carry the id of the request that caused it. Mail recorded before has
 * none.
 */
export class Migration20261127300000EmailRequestId extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table email add column request_id text null');
  }
}
