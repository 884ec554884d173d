import { randomUUID } from 'node:crypto';
import { signIdentity } from '@tullab/http';
import request from 'supertest';
import { ProviderRecords } from '../src/modules/connect/records';
import { merchantAccountTests } from './merchant-accounts.fixture';
import { INTERNAL_SECRET, registered, startIdentity, type TestClient, type TestIdentity } from './helpers';

/**
 * Connected brands (issue 30, decision 019): a student sees the brands' apps they allowed on the consent screen and
 * takes that back; the provider then finds no grant and asks them again at the app's next checkout.
 */
let identity: TestIdentity;
let merchants: ReturnType<typeof merchantAccountTests>;

beforeAll(async () => {
  identity = await startIdentity();
  merchants = merchantAccountTests(identity);
});

afterAll(async () => {
  await identity?.close();
});

const YEAR = 365 * 24 * 60 * 60;
const records = (model: string) => new ProviderRecords(identity.service.deps.orm.em.fork(), model);

/** A brand's app, made in its portal. */
async function appOf(merchant: TestClient, name: string, mode = 'live'): Promise<string> {
  const made = await merchant.post('/merchant/apps', {
    name,
    redirectUris: ['https://shop.example/auth/tullab'],
    mode,
  });
  if (made.status !== 201) throw new Error(`app answered ${made.status}: ${made.text}`);
  return made.body.app.id;
}

/**
 * A consent as the screen's decision saves it (interactions.ts): the provider's `Grant`, with the scopes granted and
 * the optional ones rejected; and, as the code flow goes on, a code and an access token of that grant. A negative
 * `expiresIn` makes one that has expired.
 */
async function consent(
  studentId: string,
  appId: string,
  { scope = 'openid student first_name', rejected = '', at = new Date(), expiresIn = YEAR } = {},
): Promise<string> {
  const id = randomUUID();
  const iat = Math.floor(at.getTime() / 1000);
  await records('Grant').upsert(
    id,
    {
      kind: 'Grant',
      jti: id,
      iat,
      exp: iat + expiresIn,
      accountId: studentId,
      clientId: appId,
      openid: { scope },
      ...(rejected && { rejected: { openid: { scope: rejected } } }),
    },
    expiresIn,
  );
  await records('AuthorizationCode').upsert(`code-${id}`, { grantId: id, accountId: studentId }, 60);
  await records('AccessToken').upsert(`token-${id}`, { grantId: id, accountId: studentId }, 300);
  return id;
}

/** The provider's records of these grants, and of their codes and tokens, that are left. */
const left = async (grantIds: string[]) =>
  (
    await identity.sql<{ model: string }>(
      'select model from oidc_records where id = any(?::text[]) or grant_id = any(?::text[]) order by model',
      [`{${grantIds.join(',')}}`, `{${grantIds.join(',')}}`],
    )
  ).map((row) => row.model);

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

describe('GET /students/me/connected-brands', () => {
  test("lists the student's own apps, one each, newest first: what the latest consent shares, since the first", async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const [shop, cafe, expired, revoked] = [
      await appOf(merchant, 'Kicks online shop'),
      await appOf(merchant, 'Kicks café', 'test'),
      await appOf(merchant, 'Kicks outlet'),
      await appOf(merchant, 'Kicks old shop'),
    ];
    const { client, user } = await registered(identity);
    const other = await registered(identity);
    await consent(user.id, shop, { at: daysAgo(30) });
    // asked again later (another session): the first name kept back this time
    await consent(user.id, shop, { scope: 'openid student', rejected: 'first_name', at: daysAgo(2) });
    await consent(user.id, cafe, { scope: 'openid student', at: daysAgo(10) });
    await consent(user.id, expired, { at: daysAgo(400), expiresIn: -60 });
    await consent(user.id, revoked);
    expect((await merchant.post(`/merchant/apps/${revoked}/revoke`)).status).toBe(200);
    await consent(other.user.id, shop);

    const res = await client.get('/students/me/connected-brands');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: cafe,
        appName: 'Kicks café',
        brandName: 'Kicks',
        mode: 'test',
        scopes: ['student'],
        connectedAt: expect.any(String),
      },
      {
        id: shop,
        appName: 'Kicks online shop',
        brandName: 'Kicks',
        mode: 'live',
        scopes: ['student'],
        connectedAt: expect.any(String),
      },
    ]);
    const since = new Date(res.body[1].connectedAt).getTime();
    expect(Math.abs(since - daysAgo(30).getTime())).toBeLessThan(2000);
    expect((await other.client.get('/students/me/connected-brands')).body).toEqual([
      expect.objectContaining({ id: shop, scopes: ['student', 'first_name'] }),
    ]);
  });

  test('a student who allowed nothing has an empty list', async () => {
    const { client } = await registered(identity);
    const res = await client.get('/students/me/connected-brands');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  test('visitors and merchants have no connected brands (401, 403)', async () => {
    expect((await identity.client().get('/students/me/connected-brands')).status).toBe(401);
    const { client: merchant } = await merchants.approvedMerchant();
    expect((await merchant.get('/students/me/connected-brands')).status).toBe(403);
  });
});

describe('DELETE /students/me/connected-brands/:id', () => {
  test('takes back every consent of the student to the app, with its codes and tokens; a second time is 404', async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const shop = await appOf(merchant, 'Kicks online shop');
    const cafe = await appOf(merchant, 'Kicks café');
    const { client, user } = await registered(identity);
    const other = await registered(identity);
    const grants = [
      await consent(user.id, shop, { at: daysAgo(5) }),
      await consent(user.id, shop, { scope: 'openid student', rejected: 'first_name' }),
    ];
    const kept = [await consent(user.id, cafe), await consent(other.user.id, shop)];
    expect(await left(grants)).toEqual([
      'AccessToken',
      'AccessToken',
      'AuthorizationCode',
      'AuthorizationCode',
      'Grant',
      'Grant',
    ]);

    const res = await client.delete(`/students/me/connected-brands/${shop}`);
    expect(res.status).toBe(204);
    expect(await left(grants)).toEqual([]);
    expect((await client.get('/students/me/connected-brands')).body).toEqual([
      expect.objectContaining({ id: cafe }),
    ]);
    // the provider finds no grant for the app: its next checkout asks the student again
    expect(await records('Grant').find(grants[1])).toBeUndefined();
    expect(await left(kept)).toHaveLength(6);
    expect((await other.client.get('/students/me/connected-brands')).body).toEqual([
      expect.objectContaining({ id: shop }),
    ]);

    const again = await client.delete(`/students/me/connected-brands/${shop}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: 'Connected brand not found' });
  });

  test("another student's app cannot be disconnected: 404, and their consent stays", async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const shop = await appOf(merchant, 'Kicks online shop');
    const owner = await registered(identity);
    const stranger = await registered(identity);
    const grant = await consent(owner.user.id, shop);

    const res = await stranger.client.delete(`/students/me/connected-brands/${shop}`);
    expect(res.status).toBe(404);
    expect(await left([grant])).toEqual(['AccessToken', 'AuthorizationCode', 'Grant']);
    expect((await owner.client.get('/students/me/connected-brands')).body).toEqual([
      expect.objectContaining({ id: shop }),
    ]);
  });

  test('an expired consent is no connection (404); an id that is no app id is 404 too', async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const shop = await appOf(merchant, 'Kicks online shop');
    const { client, user } = await registered(identity);
    await consent(user.id, shop, { at: daysAgo(400), expiresIn: -60 });
    expect((await client.delete(`/students/me/connected-brands/${shop}`)).status).toBe(404);
    expect((await client.delete('/students/me/connected-brands/not-an-id')).status).toBe(404);
  });
});

describe("a student's connected brands and their data (decision 009)", () => {
  test('the export lists them; deleting the account forgets every grant, code, token and session of theirs', async () => {
    const { client: merchant } = await merchants.approvedMerchant();
    const shop = await appOf(merchant, 'Kicks online shop');
    const { client, user, student } = await registered(identity);
    const other = await registered(identity);
    const grant = await consent(user.id, shop);
    const kept = await consent(other.user.id, shop);
    await records('Session').upsert(`session-${grant}`, { accountId: user.id, authorizations: {} }, 3600);

    const exported = await request(identity.url)
      .post('/internal/personal-data')
      .set(signIdentity(await client.caller(), INTERNAL_SECRET, 'identity'))
      .send({ userId: user.id });
    expect(exported.status).toBe(200);
    expect(exported.body.data.connectedBrands).toEqual([
      expect.objectContaining({ id: shop, appName: 'Kicks online shop', scopes: ['student', 'first_name'] }),
    ]);

    const deleted = await client.post('/students/delete-account', { currentPassword: student.password });
    expect(deleted.status).toBe(200);
    expect(await left([grant])).toEqual([]);
    expect(
      await identity.sql("select id from oidc_records where payload->>'accountId' = ?", [user.id]),
    ).toEqual([]);
    // another student's consent to the same app stays
    expect(await left([kept])).toEqual(['AccessToken', 'AuthorizationCode', 'Grant']);
  });
});
