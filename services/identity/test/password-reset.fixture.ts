import { codeOf, type TestClient, type TestIdentity } from './helpers';

/** The answer to forgot-password, whether or not the account exists. */
export const SENT = { message: 'If an account exists for that email, a 6-digit code has been sent.' };

/**
 * How the password reset tests ask for a code, on the identity their file started (read when the helper is called,
 * so it may still be filling in while the file loads).
 */
export function passwordResetTests(identity: TestIdentity) {
  /** forgot-password for the e-mail, then the code from the newest outbox row. */
  async function askCode(email: string, client: TestClient = identity.client()): Promise<string> {
    const res = await client.post('/auth/forgot-password', { email });
    expect(res.status).toBe(202);
    const mails = await identity.mails(email);
    return codeOf(mails[mails.length - 1]);
  }
  return { askCode };
}
