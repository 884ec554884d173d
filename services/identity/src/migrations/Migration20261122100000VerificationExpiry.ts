import { Migration } from '@tullab/db';

/**
 * Decision 002: when an `active` verification lapses. Identity counts an active user past this moment as `expired`
 * at once, before verification's sweep publishes the expiry. Null for every other status.
 */
export class Migration20261122100000VerificationExpiry extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column verification_expires_at timestamptz null');
  }
}
