import { unseal } from '@tullab/events';
import { uniqueName } from '@tullab/testing';
import {
  INTERNAL_SECRET,
  newStaff,
  signInStaff,
  totpFor,
  type StaffCredentials,
  type StaffMember,
  type TestClient,
  type TestIdentity,
} from './helpers';

export const invitee = () => ({
  email: `${uniqueName('invitee')}@tullab.test`,
  firstName: 'Sara',
  lastName: 'Nasser',
  role: 'staff',
});

/**
 * How the staff tests sign admins in, invite and accept staff, and read the audit log, on the identity their file
 * started (read when a helper is called, so it may still be filling in while the file loads).
 */
export function staffTests(identity: TestIdentity) {
  /** A new admin, signed in with their second factor. */
  async function signedInAdmin(): Promise<{ admin: StaffMember; client: TestClient }> {
    const admin = await newStaff(identity, 'admin');
    return { admin, client: await signInStaff(identity, admin) };
  }

  /** The token sealed into the latest staff-invitation e-mail to `to`. */
  async function invitationToken(to: string): Promise<string> {
    const mails = await identity.mails(to);
    const mail = mails.filter((row) => row.payload.template === 'staff-invitation').at(-1);
    if (!mail?.payload.sealed) throw new Error('no invitation');
    return unseal(INTERNAL_SECRET, mail.payload.sealed).token;
  }

  /** An admin's invitation of a new staff member, confirmed with the admin's own password; answers the new id. */
  async function invite(admin: StaffMember, client: TestClient, input = invitee()): Promise<string> {
    const res = await client.post('/admin/staff', { ...input, currentPassword: admin.password });
    if (res.status !== 201) throw new Error(`invite answered ${res.status}: ${res.text}`);
    return res.body.id as string;
  }

  /**
   * The accept page as the console uses it: it shows the authenticator key of the invitation (kept on the returned
   * credentials, as the new staff member's app keeps it), then sends the password with the app's code.
   */
  async function acceptWithApp(token: string, credentials: StaffCredentials, visitor = identity.client()) {
    const enrolment = await visitor.post('/auth/accept-invitation/enrollment', { token });
    if (enrolment.status !== 200)
      throw new Error(`enrolment answered ${enrolment.status}: ${enrolment.text}`);
    credentials.secret = enrolment.body.secret as string;
    const code = await totpFor(credentials);
    return visitor.post('/auth/accept-invitation', { token, password: credentials.password, code });
  }

  return {
    signedInAdmin,
    invitationToken,
    invite,
    acceptWithApp,
    auditOf: (id: string) =>
      identity.sql<{
        action: string;
        actor_id: string;
        from_status: string | null;
        to_status: string | null;
      }>(
        'select action, actor_id, from_status, to_status from audit_log where resource_id = ? order by created_at',
        [id],
      ),
  };
}
