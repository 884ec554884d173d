import { createHash } from 'node:crypto';
import { merchantAccountTests } from './merchant-accounts.fixture';
import { startIdentity, type TestIdentity } from './helpers';

/**
 * Brand apps (issue 30 point 2, decision 019): a brand registers the apps its checkouts verify students with; the
 * secret is shown once and kept hashed; rotating and revoking take effect at once; every change is audited.
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

const shop = { name: 'Kicks online shop', redirectUris: ['https://kicks.example/auth/tullab'], mode: 'live' };

describe('/merchant/apps', () => {
  test('an app is made with its client id and its secret shown once, kept only as a hash; the list never shows it', async () => {
    const { client, brandId } = await merchants.approvedMerchant();
    const made = await client.post('/merchant/apps', shop);
    expect(made.status).toBe(201);
    const { app, clientSecret } = made.body;
    expect(app).toMatchObject({
      ...shop,
      status: 'active',
      secretHint: clientSecret.slice(-4),
      revokedAt: null,
    });
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await identity.sql<{ secret_hash: string; brand_id: string }>(
      'select secret_hash, brand_id from brand_apps where id = ?',
      [app.id],
    );
    expect(row).toEqual({
      secret_hash: createHash('sha256').update(clientSecret).digest('hex'),
      brand_id: brandId,
    });
    const list = await client.get('/merchant/apps');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([app]);
    expect(list.text).not.toContain(clientSecret);
    const audit = await identity.sql<{ action: string }>(
      "select action from audit_log where resource = 'brand-apps' and resource_id = ?",
      [app.id],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['create']);
  });

  test.each([
    [{ ...shop, name: 'K' }, 'name', 'Give the app a name of 2 to 80 characters'],
    [{ ...shop, redirectUris: [] }, 'redirectUris', 'Give 1 to 10 redirect URIs'],
    [
      { ...shop, redirectUris: ['https://kicks.example/cb#x'] },
      'redirectUris.0',
      'A redirect URI is a full https:// address without a #fragment',
    ],
    [
      { ...shop, redirectUris: ['http://kicks.example/cb'], mode: 'test' },
      'redirectUris.0',
      'A redirect URI is a full https:// address without a #fragment',
    ],
    [
      { ...shop, redirectUris: ['http://localhost:3000/cb'] },
      'redirectUris.0',
      'A live app sends students back to https:// addresses only',
    ],
    [{ ...shop, mode: 'prod' }, 'mode', 'The mode is test or live'],
  ])('%j → 400 naming %s', async (body, field, message) => {
    const { client } = await merchants.approvedMerchant();
    const res = await client.post('/merchant/apps', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: message });
    expect(await client.get('/merchant/apps').then((list) => list.body)).toEqual([]);
  });

  test('a test app may send students back to localhost', async () => {
    const { client } = await merchants.approvedMerchant();
    const res = await client.post('/merchant/apps', {
      ...shop,
      mode: 'test',
      redirectUris: ['http://localhost:3000/cb', 'https://staging.kicks.example/cb'],
    });
    expect(res.status).toBe(201);
  });

  test('rotating gives a new secret and forgets the old; revoking ends the app for good; both audited', async () => {
    const { client } = await merchants.approvedMerchant();
    const { app, clientSecret } = (await client.post('/merchant/apps', shop)).body;
    const rotated = await client.post(`/merchant/apps/${app.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.clientSecret).not.toBe(clientSecret);
    expect(rotated.body.app.secretRotatedAt).toEqual(expect.any(String));
    const updated = await client.put(`/merchant/apps/${app.id}`, {
      name: 'Kicks checkout',
      redirectUris: ['https://kicks.example/cb'],
    });
    expect(updated.body).toMatchObject({
      name: 'Kicks checkout',
      redirectUris: ['https://kicks.example/cb'],
    });
    const revoked = await client.post(`/merchant/apps/${app.id}/revoke`);
    expect(revoked.body).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await client.post(`/merchant/apps/${app.id}/rotate-secret`)).status).toBe(404);
    expect((await client.post(`/merchant/apps/${app.id}/revoke`)).status).toBe(404);
    const audit = await identity.sql<{ action: string }>(
      "select action from audit_log where resource = 'brand-apps' and resource_id = ? order by created_at",
      [app.id],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'rotate-secret', 'update', 'revoke']);
  });

  test('every change is announced as brand-app.changed with the app’s whole state, in its transaction (issue 30 point 5)', async () => {
    const { client, brandId } = await merchants.approvedMerchant();
    const { app } = (await client.post('/merchant/apps', shop)).body;
    await client.put(`/merchant/apps/${app.id}`, { name: 'Kicks checkout', redirectUris: shop.redirectUris });
    await client.post(`/merchant/apps/${app.id}/rotate-secret`);
    await client.post(`/merchant/apps/${app.id}/revoke`);
    // a refused change announces nothing
    expect((await client.post(`/merchant/apps/${app.id}/revoke`)).status).toBe(404);
    const announced = await identity.sql<{ payload: object; request_id: string | null }>(
      "select payload, request_id from outbox where name = 'brand-app.changed' and payload->>'appId' = ? order by occurred_at",
      [app.id],
    );
    const state = { appId: app.id, brandId, mode: 'live' };
    expect(announced.map((event) => event.payload)).toEqual([
      { ...state, revoked: false },
      { ...state, revoked: false },
      { ...state, revoked: false },
      { ...state, revoked: true },
    ]);
    expect(announced.every((event) => typeof event.request_id === 'string')).toBe(true);
  });

  test("another brand's app is a 404 to every change, and never in the list", async () => {
    const a = await merchants.approvedMerchant();
    const b = await merchants.approvedMerchant();
    const { app } = (await a.client.post('/merchant/apps', shop)).body;
    expect((await b.client.post(`/merchant/apps/${app.id}/rotate-secret`)).status).toBe(404);
    expect((await b.client.post(`/merchant/apps/${app.id}/revoke`)).status).toBe(404);
    expect((await b.client.put(`/merchant/apps/${app.id}`, shop)).status).toBe(404);
    expect((await b.client.get('/merchant/apps')).body).toEqual([]);
    expect((await a.client.get('/merchant/apps')).body[0]).toMatchObject({ id: app.id, status: 'active' });
  });

  test('a brand has at most 10 apps that are not revoked', async () => {
    const { client } = await merchants.approvedMerchant();
    const made = await Promise.all(Array.from({ length: 11 }, () => client.post('/merchant/apps', shop)));
    expect(made.map((res) => res.status).sort()).toEqual([...Array(10).fill(201), 409]);
    const first = made.find((res) => res.status === 201)!.body.app;
    await client.post(`/merchant/apps/${first.id}/revoke`);
    expect((await client.post('/merchant/apps', shop)).status).toBe(201);
  });

  test('students and visitors have no apps to manage', async () => {
    expect((await identity.client().get('/merchant/apps')).status).toBe(401);
  });
});
