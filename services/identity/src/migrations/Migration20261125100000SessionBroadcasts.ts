import { Migration } from '@tullab/db';

/**
 * Decision 005: every committed change to a user, and every ended session, is announced on `identity_sessions` with
 * `<schema>:<user id>`, whoever made it (the API, the worker, the staff CLI, a raw statement). Identity relays these
 * to the gateways, which drop the sessions they keep for that user. New sessions and `last_seen_at` touches change
 * nothing a gateway keeps, so they are not announced.
 */
export class Migration20261125100000SessionBroadcasts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function user_changed() returns trigger language plpgsql as $$
      begin perform pg_notify('identity_sessions', tg_table_schema || ':' || old.id); return null; end $$`);
    this.addSql(`create trigger user_changed after update or delete on users
      for each row execute function user_changed()`);
    this.addSql(`create function sessions_ended() returns trigger language plpgsql as $$
      declare owner uuid;
      begin
        for owner in select distinct user_id from ended loop
          perform pg_notify('identity_sessions', tg_table_schema || ':' || owner);
        end loop;
        return null;
      end $$`);
    this.addSql(`create trigger sessions_ended after delete on sessions
      referencing old table as ended for each statement execute function sessions_ended()`);
  }
}
