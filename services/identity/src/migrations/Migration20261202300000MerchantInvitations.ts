import { Migration } from '@tullab/db';

/**
 * Invitations are not accounts (issue 28, T24, decision 016 revised): a merchant invitation keeps the address, name
 * and language it was sent to, and the account is made only when it is accepted. Until now an invitation made a
 * password-less merchant account at once, which kept the address's owner from signing up.
 *
 * - merchant_invitations: the person's fields, copied from the account they were made with; `user_id` names only the
 *   account an acceptance made. A brand has one open invitation (neither accepted nor revoked) per address.
 * - The invitation-only accounts (merchants who never set a password, not erased) go. Their open invitations stay
 *   open with the same token and expiry, so a link already mailed still works, and makes the account when used; a
 *   disabled one's end with it.
 * - users: a merchant has a password (an erased account excepted). Added NOT VALID, so it does not scan the whole
 *   table under this migration's lock: the delete above removed every row it would refuse, and every row written from
 *   now on is checked.
 */
export class Migration20261202300000MerchantInvitations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table merchant_invitations
      add column email text null,
      add column first_name text null,
      add column last_name text null,
      add column language text null,
      alter column user_id drop not null`);
    this.addSql(`update merchant_invitations i
      set email = lower(u.email), first_name = u.first_name, last_name = u.last_name, language = u.language
      from users u where u.id = i.user_id`);

    // An open invitation of an account that did set its password, or was disabled, can no longer be used.
    this.addSql(`update merchant_invitations i set revoked_at = coalesce(u.disabled_at, now())
      from users u
      where u.id = i.user_id and i.accepted_at is null and i.revoked_at is null
        and (u.password_hash is not null or u.disabled_at is not null or u.deleted_at is not null)`);
    this.addSql('update merchant_invitations set user_id = null where accepted_at is null');
    this.addSql(`delete from users where role = 'merchant' and password_hash is null and deleted_at is null`);
    // one open invitation per brand and address: the newest, should older ones have been left open
    this.addSql(`update merchant_invitations i set revoked_at = now()
      where i.accepted_at is null and i.revoked_at is null and exists (
        select 1 from merchant_invitations j
        where j.brand_id = i.brand_id and j.email = i.email and j.accepted_at is null and j.revoked_at is null
          and (j.created_at, j.id) > (i.created_at, i.id))`);

    // the deferred foreign-key checks of the changes above run now: a table cannot be altered while they wait
    this.addSql('set constraints all immediate');
    this.addSql(`alter table merchant_invitations
      alter column email set not null,
      alter column first_name set not null,
      alter column last_name set not null,
      alter column language set not null,
      add constraint merchant_invitations_language_check check (language in ('en', 'ar')),
      add constraint merchant_invitations_accepted_check check ((accepted_at is null) = (user_id is null))`);
    this.addSql(`create unique index merchant_invitations_open_key on merchant_invitations (brand_id, email)
      where accepted_at is null and revoked_at is null`);
    this.addSql(
      'create index merchant_invitations_brand_idx on merchant_invitations (brand_id, created_at desc)',
    );

    this.addSql(`alter table users add constraint users_merchant_password_check
      check (role <> 'merchant' or password_hash is not null or deleted_at is not null) not valid`);
  }
}
