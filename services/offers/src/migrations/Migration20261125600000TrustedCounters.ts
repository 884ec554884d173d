import { Migration } from '@tullab/db';

const COUNTERS = ['views', 'link_copies', 'code_copies', 'referral_clicks'];

/**
 * Decision 008: each tracked counter keeps unique students, unique visitor addresses and every call. The counts so far
 * were calls; `offer_daily_actor` holds whom the worker counted on an offer, day and counter (`s:<user id>` or
 * `v:<address hash>`). The day leads so that forgetting past days reads a range; no foreign key, since rows live a few
 * days at most.
 */
export class Migration20261125600000TrustedCounters extends Migration {
  override async up(): Promise<void> {
    for (const counter of COUNTERS) {
      this.addSql(`alter table offer_daily_stat rename column ${counter} to ${counter}_calls`);
      this.addSql(`alter table offer_daily_stat
        add column ${counter}_students integer not null default 0,
        add column ${counter}_visitors integer not null default 0`);
    }
    this.addSql(`create table offer_daily_actor (
      day date not null,
      offer_id uuid not null,
      counter text not null,
      actor text not null,
      primary key (day, offer_id, counter, actor))`);
  }
}
