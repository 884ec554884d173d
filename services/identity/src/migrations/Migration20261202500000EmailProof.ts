import { Migration } from '@tullab/db';

/**
 * Privacy by proof (issue 28, T23, decision 009 revised): an account's e-mail is proved once a code or link sent to it
 * was used (a password-reset code entered correctly, a staff or merchant invitation accepted); until then it is only
 * what someone typed, and it reaches nothing in the person's export or erasure.
 *
 * - users.email_proved_at: when. Filled for the accounts that proved it before: their used reset codes and accepted
 *   invitations (a deleted account proves nothing).
 * - A trigger clears it whenever the e-mail changes (today only a deletion changes it), so a proof never outlives the
 *   address it was made for, whichever code writes the change.
 */
export class Migration20261202500000EmailProof extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column email_proved_at timestamptz null');
    this.addSql(`update users u set email_proved_at = proofs.at
      from (select user_id, max(at) as at from (
              select user_id, used_at as at from password_reset_codes where used_at is not null
              union all select user_id, accepted_at from staff_invitations where accepted_at is not null
              union all select user_id, accepted_at from merchant_invitations
                where accepted_at is not null and user_id is not null) proved
            group by user_id) proofs
      where proofs.user_id = u.id and u.deleted_at is null`);
    this.addSql(`create function users_email_proof_follows_email() returns trigger language plpgsql as $$
      begin
        if new.email is distinct from old.email then new.email_proved_at := null; end if;
        return new;
      end $$`);
    this.addSql(`create trigger users_email_proof_follows_email before update of email on users
      for each row execute function users_email_proof_follows_email()`);
  }
}
