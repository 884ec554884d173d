import { Migration } from '@tullab/db';

/**
 * Verify with Tullab at a brand's checkout (issue 30 points 3 and 4): the redemption tokens brands redeemed and the
 * orders they reported. New tables, so no lock on any table with data. The funnel sums a live app's redemptions and
 * orders per offer and day (Asia/Dubai): the indexes lead with the offer.
 */
export class Migration20261204100000CheckoutRedemptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table checkout_redemption (
      id uuid primary key,
      token_id uuid not null unique,
      brand_id uuid not null,
      app_id uuid not null,
      mode text not null check (mode in ('test', 'live')),
      offer_id uuid not null,
      student_id uuid null,
      idempotency_key text null,
      created_at timestamptz not null default now(),
      unique (app_id, idempotency_key)
    )`);
    this.addSql('create index checkout_redemption_offer_idx on checkout_redemption (offer_id, created_at)');
    this.addSql('create index checkout_redemption_student_idx on checkout_redemption (student_id)');
    this.addSql(`create table checkout_order (
      id uuid primary key,
      redemption_id uuid not null unique references checkout_redemption (id),
      brand_id uuid not null,
      app_id uuid not null,
      mode text not null check (mode in ('test', 'live')),
      offer_id uuid not null,
      reference text not null,
      amount_fils integer not null check (amount_fils > 0),
      currency text not null check (currency = 'AED'),
      created_at timestamptz not null default now(),
      unique (app_id, reference)
    )`);
    this.addSql('create index checkout_order_offer_idx on checkout_order (offer_id, created_at)');
  }
}
