// Staff members in the journey tests, through the gateway as the console does (S37): signing in with the password
// and an authenticator code, and accepting an invitation.
import * as identity from '@tullab/identity';
import { client } from '../client';
import type { Browser } from './browsers';

/** What a staff member signs in with; `secret` is kept once their authenticator app is set up. */
export interface StaffCredentials {
  email: string;
  password: string;
  secret?: string;
}

/**
 * Signs a staff member in through the gateway as the console does (S37): the password (which sets only the `mfa`
 * cookie), the enrolment at the first sign-in (the secret is kept on `member`), then the code an authenticator app
 * shows now. A time-step is accepted once, so sign each member in at most once per 30 seconds.
 */
export async function signInStaff(url: string, member: StaffCredentials): Promise<Browser> {
  const browser = client(url);
  const login = await browser.post('/api/auth/login', { email: member.email, password: member.password });
  if (login.status !== 200 || !login.body.mfaRequired) {
    throw new Error(`staff login answered ${login.status}: ${login.text}`);
  }
  if (!login.body.enrolled) {
    member.secret = (await browser.post('/api/auth/mfa/enrollment')).body.secret as string;
  }
  if (!member.secret) throw new Error(`no authenticator secret known for ${member.email}`);
  const verified = await browser.post('/api/auth/mfa/verify', {
    code: identity.totpCode(member.secret, identity.totpStep()),
  });
  if (verified.status !== 200) throw new Error(`mfa verify answered ${verified.status}: ${verified.text}`);
  return browser;
}

/**
 * Accepts a staff invitation through the gateway as the console's accept page does (S37): it shows the
 * invitation's authenticator key (kept on `member`), then sends the password with the app's code. The code is the
 * previous time-step's, still accepted, so that {@link signInStaff} may follow at once with the current one.
 */
export async function acceptInvitation(url: string, token: string, member: StaffCredentials) {
  const browser = client(url);
  const enrolment = await browser.post('/api/auth/accept-invitation/enrollment', { token });
  if (enrolment.status !== 200) throw new Error(`enrolment answered ${enrolment.status}: ${enrolment.text}`);
  member.secret = enrolment.body.secret as string;
  return browser.post('/api/auth/accept-invitation', {
    token,
    password: member.password,
    code: identity.totpCode(member.secret, identity.totpStep() - 1),
  });
}
