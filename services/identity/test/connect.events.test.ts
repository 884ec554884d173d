import { randomUUID } from 'node:crypto';
import { createEnvelope, openRedemptionToken } from '@tullab/events';
import { connectFlow, type BrandCheckout } from './connect-flow.fixture';
import { merchantAccountTests } from './merchant-accounts.fixture';
import { INTERNAL_SECRET, registered, startIdentity, type TestClient, type TestIdentity } from './helpers';

/**
 * What identity tells the brands' webhooks (issue 30 point 5), through its outbox to notifications: an ID token issued
 * to an app (`connect.verified`) and a connected student's verification ending (`connect.verification_expired`),
 * each naming the student by the pairwise subject the app saw in its ID token, never by anything else.
 */
let identity: TestIdentity;
let merchants: ReturnType<typeof merchantAccountTests>;
let checkout: ReturnType<typeof connectFlow>;

beforeAll(async () => {
  identity = await startIdentity();
  merchants = merchantAccountTests(identity);
  checkout = connectFlow(identity);
});

afterAll(async () => {
  await identity?.close();
});

interface Announced {
  name: string;
  payload: Record<string, unknown>;
  request_id: string | null;
}

/** The events of these names in identity's outbox about one of these apps, oldest first. */
const announced = (name: string, appIds: string[]) =>
  identity.sql<Announced>(
    `select name, payload, request_id from outbox where name = ? and payload->>'appId' = any(?::text[])
     order by occurred_at`,
    [name, `{${appIds.join(',')}}`],
  );

/** A brand app made in its portal, with the credentials its checkout uses. */
async function appOf(merchant: TestClient, redirectUri: string, mode = 'live'): Promise<BrandCheckout> {
  const made = await merchant.post('/merchant/apps', {
    name: 'Kicks shop',
    redirectUris: [redirectUri],
    mode,
  });
  if (made.status !== 201) throw new Error(`app answered ${made.status}: ${made.text}`);
  return { appId: made.body.app.id, clientSecret: made.body.clientSecret, redirectUri };
}

const statusChanged = (userId: string, status: 'active' | 'expired' | 'rejected' | 'pending') =>
  createEnvelope(
    'verification.status_changed',
    {
      userId,
      status,
      changedAt: new Date().toISOString(),
      ...(status === 'active' && { expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
    },
    { requestId: `sweep-${randomUUID()}` },
  );

/** A student whose verification is active until 30 days from now. */
async function verifiedStudent() {
  const { client, user } = await registered(identity);
  await identity.deliver(statusChanged(user.id, 'active'));
  return { client, user };
}

describe('connect.verified', () => {
  test("an ID token issued to an app is announced with the sub it carries, the day verified until and the checkout's offer", async () => {
    const { client: merchant, brandId } = await merchants.approvedMerchant();
    const app = await appOf(merchant, 'https://kicks.example:8443/auth/tullab');
    const { client } = await verifiedStudent();
    const offerId = randomUUID();

    const claims = await checkout(app, client, { offerId });
    expect(claims.sub).toMatch(/^[0-9a-f]{64}$/);
    const [event, ...more] = await announced('connect.verified', [app.appId]);
    expect(more).toEqual([]);
    expect(event.payload).toEqual({
      appId: app.appId,
      brandId,
      mode: 'live',
      subject: claims.sub,
      verified: true,
      verifiedUntil: claims.verified_until,
      offerId,
    });
    expect(event.request_id).toEqual(expect.any(String));
    // the redemption token names the student by the same subject, for offers' connect.redeemed
    const token = openRedemptionToken(INTERNAL_SECRET, claims.redemption_token as string);
    expect(token).toMatchObject({ appId: app.appId, offerId, subject: claims.sub });
  });

  test('a student who is not verified is announced as not verified, without a day or a redemption token', async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const app = await appOf(merchant, 'http://localhost:3000/cb', 'test');
    const { client } = await registered(identity);

    const claims = await checkout(app, client, { offerId: randomUUID() });
    expect(claims.redemption_token).toBeUndefined();
    const [event] = await announced('connect.verified', [app.appId]);
    expect(event.payload).toMatchObject({
      mode: 'test',
      subject: claims.sub,
      verified: false,
      verifiedUntil: null,
    });
  });
});

describe('connect.verification_expired', () => {
  test("when an active verification ends, every app the student connected to is told, each with the student's subject there", async () => {
    const { client: merchant, brandId } = await merchants.approvedMerchant();
    const shop = await appOf(merchant, 'https://kicks.example/auth/tullab');
    const cafe = await appOf(merchant, 'https://cafe.kicks.example/cb');
    const unconnected = await appOf(merchant, 'https://outlet.kicks.example/cb');
    const revoked = await appOf(merchant, 'https://old.kicks.example/cb');
    const apps = [shop, cafe, unconnected, revoked].map((app) => app.appId);
    const { client, user } = await verifiedStudent();
    const atShop = await checkout(shop, client);
    const atCafe = await checkout(cafe, client);
    await checkout(revoked, client);
    expect((await merchant.post(`/merchant/apps/${revoked.appId}/revoke`)).status).toBe(200);
    // the same student is someone else to each app
    expect(atShop.sub).not.toBe(atCafe.sub);

    const ended = statusChanged(user.id, 'expired');
    await identity.deliver(ended);
    const events = await announced('connect.verification_expired', apps);
    const expiredAt = ended.payload.changedAt;
    expect(events.map((event) => event.payload)).toEqual(
      expect.arrayContaining([
        { appId: shop.appId, brandId, mode: 'live', subject: atShop.sub, expiredAt },
        { appId: cafe.appId, brandId, mode: 'live', subject: atCafe.sub, expiredAt },
      ]),
    );
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.request_id === ended.requestId)).toBe(true);
  });

  test('a change that ends no active verification, or comes again, tells no one', async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const shop = await appOf(merchant, 'https://kicks.example/auth/tullab');
    const { client, user } = await verifiedStudent();
    await checkout(shop, client);

    const ended = statusChanged(user.id, 'expired');
    await identity.deliver(ended);
    await identity.deliver(ended);
    await identity.deliver(statusChanged(user.id, 'rejected'));
    expect(await announced('connect.verification_expired', [shop.appId])).toHaveLength(1);
  });
});
