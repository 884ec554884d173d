import { authenticator } from 'otplib';
import { newStaff, signInStaff, type StaffMember, type TestClient, type TestIdentity } from './helpers';

/** A 6-digit code that is none of the codes the window accepts for this secret now. */
export function wrongCode(secret: string): string {
  const now = Date.now();
  const accepted = [-1, 0, 1, 2].map((d) =>
    authenticator.clone({ epoch: now + d * 30_000 }).generate(secret),
  );
  let code = 0;
  while (accepted.includes(String(code).padStart(6, '0'))) code += 1;
  return String(code).padStart(6, '0');
}

/** The answer to a wrong or replayed code. */
export const WRONG = {
  message: 'Invalid authentication code',
  code: 'code_invalid',
  errors: { code: 'Invalid authentication code' },
};

/** The cookies identity asked the gateway to set with an answer. */
export const cookiesAsked = (res: { headers: Record<string, string> }) =>
  JSON.parse(res.headers['x-tullab-set-cookie'] ?? '[]') as unknown[];

/**
 * How the second-factor tests begin a staff sign-in and make enrolled staff, on the identity their file started
 * (read when a helper is called, so it may still be filling in while the file loads).
 */
export function mfaTests(identity: TestIdentity) {
  /** The password step of a staff sign-in, from a new browser. */
  async function passwordStep(member: StaffMember): Promise<TestClient> {
    const client = identity.client();
    const login = await client.post('/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(200);
    return client;
  }

  /** A staff member who has set up their authenticator app (and is signed out again). */
  async function enrolledStaff(): Promise<StaffMember> {
    const member = await newStaff(identity);
    await (await signInStaff(identity, member)).post('/auth/logout');
    return member;
  }

  return { passwordStep, enrolledStaff };
}
