import { randomUUID } from 'node:crypto';
import { createEnvelope, unseal } from '@tullab/events';
import { uniqueName } from '@tullab/testing';
import { INTERNAL_SECRET, type OutboxRow, type TestClient, type TestIdentity } from './helpers';

export const PASSWORD = 'a long merchant passphrase 5';
export const INVALID = 'This invitation link is invalid or has expired';
export const EMAIL_TAKEN =
  'This e-mail address already has a Tullab account, so this invitation can no longer be used. Ask your brand to invite another address.';
export const BRAND_LIMIT =
  'Your brand has sent as many invitations as it may for now (10 an hour, 50 a day). Please try again later.';

export const approved = (overrides: Record<string, string> = {}) =>
  createEnvelope('brand.approved', {
    brandId: randomUUID(),
    brandName: 'Kicks',
    contactEmail: `${uniqueName('contact')}@kicks.example`,
    contactName: 'Layla  Al Hassan',
    language: 'en' as 'en' | 'ar',
    ...overrides,
  });

export const colleagueEmail = () => `${uniqueName('colleague')}@kicks.example`;

/**
 * How the merchant account tests read invitations, accept them and manage a brand's team, on the identity their file
 * started (read when a helper is called, so it may still be filling in while the file loads).
 */
export function merchantAccountTests(identity: TestIdentity) {
  const invitations = (to: string) =>
    identity.mails(to).then((rows) => rows.filter((row) => row.payload.template === 'merchant-invitation'));

  /** The token sealed into the latest merchant invitation to `to`, as notifications puts it in the link. */
  async function tokenOf(to: string): Promise<string> {
    const mail: OutboxRow | undefined = (await invitations(to)).at(-1);
    if (!mail?.payload.sealed) throw new Error(`no invitation to ${to}`);
    return unseal(INTERNAL_SECRET, mail.payload.sealed).token;
  }

  const accept = (token: string, client = identity.client()) =>
    client.post('/auth/accept-merchant-invitation', { token, password: PASSWORD });

  /** A brand approved and its contact's invitation accepted: the signed-in merchant. */
  async function approvedMerchant(): Promise<{ client: TestClient; email: string; brandId: string }> {
    const event = approved();
    await identity.deliver(event);
    const client = identity.client();
    const res = await accept(await tokenOf(event.payload.contactEmail), client);
    if (res.status !== 200) throw new Error(`accept answered ${res.status}: ${res.text}`);
    return { client, email: event.payload.contactEmail, brandId: event.payload.brandId };
  }

  return {
    invitations,
    tokenOf,
    accept,
    approvedMerchant,
    userRow: async (email: string) =>
      (
        await identity.sql<{
          id: string;
          role: string;
          brand_id: string | null;
          password_hash: string | null;
        }>(
          'select id, role, brand_id, password_hash, first_name, last_name, language from users where email = ?',
          [email],
        )
      )[0],
    invite: (client: TestClient, email: string) =>
      client.post('/merchant/invitations', { email, firstName: 'Omar', lastName: 'Saleh' }),
    resend: (client: TestClient, id: string) => client.post(`/merchant/invitations/${id}/resend`),
    listed: async (client: TestClient) =>
      ((await client.get('/merchant/invitations')).body as { email: string; status: string }[]).map(
        (invitation) => [invitation.email, invitation.status],
      ),
  };
}
