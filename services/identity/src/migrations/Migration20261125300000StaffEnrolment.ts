import { Migration } from '@tullab/db';

/**
 * Issue 19 "No silent admins": an invited staff member sets up their authenticator app while accepting the
 * invitation, no longer at whichever first sign-in comes with the password.
 *
 * - users.mfa_enrol_at_sign_in: the next sign-in may set up an authenticator app. Set for an account made with a
 *   password by an operator (ADMIN_EMAIL, the staff CLI) and by `reset-mfa`; cleared by every enrolment. Accounts
 *   that already exist keep today's behaviour only if no invitation made them: an invited account that accepted
 *   before this change but never enrolled waits for `npm run staff -- reset-mfa`.
 * - staff_invitations.pending_mfa_secret: the authenticator key shown on the accept page, sealed, until the
 *   acceptance confirms it with a code.
 */
export class Migration20261125300000StaffEnrolment extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column mfa_enrol_at_sign_in boolean not null default false');
    this.addSql(`update users set mfa_enrol_at_sign_in = true
      where role <> 'student' and password_hash is not null and mfa_enrolled_at is null
        and not exists (select 1 from staff_invitations i where i.user_id = users.id)`);
    this.addSql('alter table staff_invitations add column pending_mfa_secret text null');
  }
}
