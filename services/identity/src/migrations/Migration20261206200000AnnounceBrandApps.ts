import { Migration } from '@tullab/db';

/**
 * Brand apps' webhooks (issue 30 point 5): notifications learns which app is whose from `brand-app.changed`, which
 * every change of an app publishes from now on. The apps made before are announced once here, through the outbox, so
 * their brands can give them webhooks too; a row written twice changes nothing there.
 */
export class Migration20261206200000AnnounceBrandApps extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into outbox (id, name, payload, request_id, occurred_at)
      select gen_random_uuid(), 'brand-app.changed',
        jsonb_build_object('appId', id, 'brandId', brand_id, 'mode', mode, 'revoked', revoked_at is not null),
        null, now()
      from brand_apps`);
  }
}
