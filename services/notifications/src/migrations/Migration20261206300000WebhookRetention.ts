import { Migration } from '@tullab/db';

/**
 * Webhook deliveries are kept only for a while (decision 010, `webhook-deliveries`): the partial index holds the
 * deliveries no longer being tried, the only ones the retention policy looks at, by when they were made.
 */
export class Migration20261206300000WebhookRetention extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "create index webhook_delivery_retention_idx on webhook_delivery (created_at) where status <> 'pending'",
    );
  }
}
