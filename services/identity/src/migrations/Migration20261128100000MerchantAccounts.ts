import { Migration } from '@tullab/db';

/**
 * Merchant accounts (issue 16, decision 016): a partner brand's people sign in as `merchant`, scoped to one brand.
 *
 * - users: the role `merchant` and its brand (an id of offers' `brand`; no foreign key, as offers owns it). Only a
 *   merchant has a brand, and every merchant has one.
 * - merchant_invitations: the link that sets a merchant's password, sent when the brand was approved or a colleague
 *   invited them; only the SHA-256 of its token is stored. `invited_by` is null for the approval's invitation.
 *   `brand_name` is the name the e-mail showed (identity keeps no brands: offers does); a colleague's invitation
 *   takes it from the brand's earlier ones.
 */
export class Migration20261128100000MerchantAccounts extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users drop constraint users_role_check');
    this.addSql(`alter table users add constraint users_role_check
      check (role in ('student', 'staff', 'admin', 'merchant'))`);
    this.addSql('alter table users add column brand_id uuid null');
    this.addSql(`alter table users add constraint users_brand_check
      check ((role = 'merchant') = (brand_id is not null))`);
    this.addSql('create index users_brand_idx on users (brand_id, created_at) where brand_id is not null');

    this.addSql(`create table merchant_invitations (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade deferrable initially deferred,
      brand_id uuid not null,
      brand_name text not null,
      token_hash char(64) not null,
      invited_by uuid null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      accepted_at timestamptz null,
      revoked_at timestamptz null)`);
    this.addSql(
      'create unique index merchant_invitations_token_hash_key on merchant_invitations (token_hash)',
    );
    this.addSql(
      'create index merchant_invitations_user_idx on merchant_invitations (user_id, created_at desc)',
    );
  }
}
