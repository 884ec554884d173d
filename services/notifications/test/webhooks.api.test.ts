import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signIdentity } from '@tullab/http';
import { dumpSchema, INTERNAL_SECRET, mailingForTests, until, visitorHeaders } from './helpers';
import { merchantOf, webhookTests } from './webhooks.fixture';

/**
 * A brand's webhooks in the portal (issue 30 point 5): one per app of its own, the signing secret shown once and
 * kept sealed, every change audited; another brand's app is 404 to every call.
 */
const { harness } = mailingForTests();
let brands: ReturnType<typeof webhookTests>;

beforeAll(() => {
  brands = webhookTests(harness);
});

const hook = {
  url: 'https://kicks.example/webhooks/tullab',
  events: ['student.verified', 'redemption.created'],
};

const audited = (appId: string) =>
  brands.sql<{ action: string; changes: unknown; actor_id: string }>(
    "select action, changes, actor_id from audit_log where resource = 'webhooks' and resource_id = ? order by created_at",
    [appId],
  );

describe('/merchant/apps/:id/webhook', () => {
  test('a new webhook shows its signing secret once; it is kept sealed, and the webhook answers its hint only', async () => {
    const app = await brands.newApp('live');
    expect((await app.get()).status).toBe(404);
    const made = await app.put(hook);
    expect(made.status).toBe(200);
    const { webhook, secret } = made.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toEqual({
      appId: app.appId,
      ...hook,
      secretHint: secret.slice(-4),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secretRotatedAt: null,
    });
    const shown = await app.get();
    expect(shown.body).toEqual(webhook);
    expect(shown.text).not.toContain(secret.slice(6));
    expect(await dumpSchema(harness)).not.toContain(secret.slice(6));
    expect((await audited(app.appId)).map((entry) => entry.action)).toEqual(['create']);
  });

  test('setting it again changes the URL and events and keeps the secret; rotating gives a new one; removing ends it; all audited', async () => {
    const app = await brands.newApp('test');
    const { secret } = (await app.put(hook)).body;
    const changed = await app.put({ url: 'http://localhost:3000/hooks', events: ['verification.expired'] });
    expect(changed.status).toBe(200);
    expect(changed.body.secret).toBeNull();
    expect(changed.body.webhook).toMatchObject({
      url: 'http://localhost:3000/hooks',
      events: ['verification.expired'],
      secretHint: secret.slice(-4),
    });
    const rotated = await app.rotate();
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.webhook).toMatchObject({
      secretHint: rotated.body.secret.slice(-4),
      secretRotatedAt: expect.any(String),
    });
    expect((await app.remove()).status).toBe(204);
    expect((await app.get()).status).toBe(404);
    expect((await app.remove()).status).toBe(404);
    expect((await app.rotate()).status).toBe(404);
    const entries = await audited(app.appId);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'rotate-secret', 'remove']);
    expect(entries[1].changes).toEqual({
      url: { from: hook.url, to: 'http://localhost:3000/hooks' },
      events: { from: hook.events, to: ['verification.expired'] },
    });
    expect(JSON.stringify(entries)).not.toContain(rotated.body.secret.slice(6));
  });

  test.each([
    [
      'live',
      { ...hook, url: 'http://kicks.example/hooks' },
      'url',
      "A live app's webhook URL is an https:// address",
    ],
    [
      'test',
      { ...hook, url: 'ftp://kicks.example/hooks' },
      'url',
      'The webhook URL is a full https:// address (http:// for a test app)',
    ],
    [
      'test',
      { ...hook, url: 'not a url' },
      'url',
      'The webhook URL is a full https:// address (http:// for a test app)',
    ],
    ['test', { ...hook, events: [] }, 'events', 'Choose at least one event'],
    ['test', { ...hook, events: ['order.created'] }, 'events.0', 'Choose at least one event'],
  ] as const)('a %s app: %j → 400 naming %s', async (mode, body, field, message) => {
    const app = await brands.newApp(mode);
    const res = await app.put(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: message });
    expect((await app.get()).status).toBe(404);
  });

  test('events are kept once each, in the order of the list of types', async () => {
    const app = await brands.newApp();
    const res = await app.put({
      ...hook,
      events: ['verification.expired', 'student.verified', 'student.verified'],
    });
    expect(res.body.webhook.events).toEqual(['student.verified', 'verification.expired']);
  });

  test("another brand's app, an unknown app and a revoked one are 404 to every call", async () => {
    const app = await brands.newApp('live');
    await app.put(hook);
    const rival = merchantOf(randomUUID());
    const api = () => request(harness.service.url);
    const base = `/merchant/apps/${app.appId}/webhook`;
    const calls = (as: Record<string, string>, path = base) => [
      api().get(path).set(as),
      api().put(path).set(as).send(hook),
      api().post(`${path}/rotate-secret`).set(as),
      api().delete(path).set(as),
      api().get(`${path}/deliveries`).set(as),
      api().post(`${path}/deliveries/msg_0123456789abcdef0123456789abcdef/resend`).set(as),
    ];
    for (const call of calls(rival)) expect((await call).status).toBe(404);
    for (const call of calls(app.as, `/merchant/apps/${randomUUID()}/webhook`))
      expect((await call).status).toBe(404);
    expect((await app.get()).body.url).toBe(hook.url);
    await brands.publish('brand-app.changed', {
      appId: app.appId,
      brandId: app.brandId,
      mode: 'live',
      revoked: true,
    });
    // once notifications has the revocation, the app's webhook is gone from the portal
    await until(
      async () => (await app.get()).status,
      (status) => status === 404,
    );
  });

  test('visitors are 401 and anyone but a merchant 403', async () => {
    const app = await brands.newApp();
    const path = `/merchant/apps/${app.appId}/webhook`;
    expect((await request(harness.service.url).get(path).set(visitorHeaders())).status).toBe(401);
    const student = signIdentity(
      {
        userId: randomUUID(),
        role: 'student',
        verificationStatus: 'active',
        sessionId: randomUUID(),
        ip: '198.51.100.8',
      },
      INTERNAL_SECRET,
      'notifications',
    );
    expect((await request(harness.service.url).get(path).set(student)).status).toBe(403);
  });
});

describe('/merchant/apps/:id/webhook/deliveries', () => {
  test('the last 100, newest first; an unknown delivery is 404 to a resend', async () => {
    const app = await brands.newApp();
    await app.put(hook);
    await brands.sql(
      `insert into webhook_delivery (id, app_id, brand_id, type, payload, status, attempts, created_at)
       select 'msg_' || lpad(n::text, 32, '0'), ?, ?, 'student.verified', '{}'::jsonb, 'delivered', 1,
         now() - make_interval(secs => 200 - n)
       from generate_series(1, 101) n`,
      [app.appId, app.brandId],
    );
    const list = await app.deliveries();
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(100);
    expect(list.body[0]).toEqual({
      id: `msg_${'101'.padStart(32, '0')}`,
      type: 'student.verified',
      status: 'delivered',
      attempts: 1,
      lastStatus: null,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: null,
      createdAt: expect.any(String),
      log: [],
    });
    expect(list.body[99].id).toBe(`msg_${'2'.padStart(32, '0')}`);
    expect((await app.resend('msg_ffffffffffffffffffffffffffffffff')).status).toBe(404);
    expect((await app.resend('not-a-delivery')).status).toBe(404);
  });
});
