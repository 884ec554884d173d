import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SYSTEM_ACTOR } from '@tullab/audit-log';
import { signIdentity, type Role } from '@tullab/http';
import { createLogger } from '@tullab/log';
import { runRetention } from '@tullab/retention';
import { newMessageId } from '../src/modules/webhooks/deliveries';
import { deliveryResourceId, webhookDeliveryRetention } from '../src/modules/retention/webhook-deliveries';
import { INTERNAL_SECRET, mailingForTests, visitorHeaders } from './helpers';
import { startReceiver, subjectOf, webhookTests, type Receiver } from './webhooks.fixture';

/**
 * Brands' webhook deliveries are kept for a period (decision 010, `webhook-deliveries`): a delivered or failed one is
 * deleted with its attempts WEBHOOK_DELIVERY_RETENTION_DAYS after it was delivered or last tried; a pending one stays.
 * The receiver is a real HTTP server on this computer; deliveries that would take long to fail are stored as the
 * deliverer leaves them, then dated back.
 */
const { harness } = mailingForTests({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
let brands: ReturnType<typeof webhookTests>;
let receiver: Receiver;
let app: Awaited<ReturnType<ReturnType<typeof webhookTests>['newApp']>>;
const log = createLogger('notifications', 'silent');
const policy = webhookDeliveryRetention(30);
const DAY_MS = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

beforeAll(async () => {
  brands = webhookTests(harness);
  receiver = await startReceiver();
  app = await brands.newApp();
  expect((await app.put({ url: receiver.url, events: ['student.verified'] })).status).toBe(200);
});

afterAll(async () => {
  await receiver?.close();
});

/** Whatever earlier tests left due is removed first, so each test counts its own. */
beforeEach(async () => {
  await runRetention(harness.em(), policy, { trigger: 'schedule', log });
});

/** the deliveries already dated back */
const known = new Set<string>();

/** A delivery the receiver took (200), then dated back `days` days: made, tried and delivered then. */
async function deliveredOver(days: number): Promise<string> {
  await brands.publish('connect.verified', {
    appId: app.appId,
    brandId: app.brandId,
    mode: 'test',
    subject: subjectOf(randomUUID()),
    verified: true,
    verifiedUntil: '2027-08-31',
    offerId: randomUUID(),
  });
  const [delivery] = await brands.deliveriesOf(
    app,
    (list) => list[0]?.status === 'delivered' && !known.has(list[0].id as string),
  );
  const id = delivery.id as string;
  known.add(id);
  await brands.sql(`update webhook_delivery set created_at = ?, delivered_at = ? where id = ?`, [
    daysAgo(days),
    daysAgo(days),
    id,
  ]);
  await brands.sql(`update webhook_attempt set attempted_at = ? where delivery_id = ?`, [daysAgo(days), id]);
  return id;
}
/**
 * A delivery made `made` days ago with a try each of `tries` days ago (oldest first), as the deliverer leaves one
 * that failed for good (or, `pending`, one still waiting for its next try, due tomorrow).
 */
async function stored(status: 'failed' | 'pending' | 'delivered', made: number, tries: number[]) {
  const id = newMessageId();
  await brands.sql(
    `insert into webhook_delivery (id, app_id, brand_id, type, payload, status, attempts, last_status, last_error,
       next_attempt_at, delivered_at, created_at)
     values (?, ?, ?, 'student.verified', ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      app.appId,
      app.brandId,
      JSON.stringify({ type: 'student.verified', timestamp: daysAgo(made).toISOString(), data: {} }),
      status,
      tries.length,
      status === 'delivered' ? 200 : 500,
      status === 'delivered' ? null : 'HTTP 500',
      status === 'pending' ? new Date(Date.now() + DAY_MS) : null,
      status === 'delivered' ? daysAgo(made) : null,
      daysAgo(made),
    ],
  );
  for (const [n, days] of tries.entries())
    await brands.sql(
      `insert into webhook_attempt (id, delivery_id, attempted_at, status, error, duration_ms)
       values (?, ?, ?, ?, ?, 12)`,
      [randomUUID(), id, daysAgo(days), status === 'delivered' && n === 0 ? 200 : 500, 'HTTP 500'],
    );
  return id;
}

const deliveryCount = async (id: string) =>
  Number(
    (await brands.sql<{ n: string }>('select count(*) as n from webhook_delivery where id = ?', [id]))[0].n,
  );
const attemptCount = async (id: string) =>
  Number(
    (
      await brands.sql<{ n: string }>('select count(*) as n from webhook_attempt where delivery_id = ?', [id])
    )[0].n,
  );
const auditRows = (id: string) =>
  brands.sql<Record<string, unknown>>(
    `select action, resource, actor_id, actor_role, from_status, reason, changes from audit_log
      where resource_id = ?`,
    [deliveryResourceId(id)],
  );

function headers(role: Role): Record<string, string> {
  return signIdentity(
    { userId: randomUUID(), role, verificationStatus: 'none', sessionId: randomUUID(), ip: '10.0.0.9' },
    INTERNAL_SECRET,
    'notifications',
  );
}

describe('webhook delivery retention (WEBHOOK_DELIVERY_RETENTION_DAYS, 30 by default)', () => {
  test('delivered and failed deliveries go with their attempts 30 days after delivery or their last try; recent ones stay; each removal is audited by the system', async () => {
    const oldDelivered = await deliveredOver(31);
    const recentDelivered = await deliveredOver(1);
    const oldFailed = await stored('failed', 40, [40, 35, 31]);
    // made long ago, but its last try failed 29 days ago: the period counts from that try
    const recentlyFailed = await stored('failed', 40, [40, 29]);
    // failed without a try (its webhook was removed): counted from when it was made
    const failedUntried = await stored('failed', 31, []);
    expect(await attemptCount(oldDelivered)).toBe(1);
    expect(await attemptCount(oldFailed)).toBe(3);

    const run = await runRetention(harness.em(), policy, { trigger: 'schedule', log });
    expect(run).toMatchObject({ policy: 'webhook-deliveries', removed: 3, complete: true });

    for (const gone of [oldDelivered, oldFailed, failedUntried]) {
      expect(await deliveryCount(gone)).toBe(0);
      expect(await attemptCount(gone)).toBe(0);
    }
    expect(await deliveryCount(recentDelivered)).toBe(1);
    expect(await attemptCount(recentDelivered)).toBe(1);
    expect(await deliveryCount(recentlyFailed)).toBe(1);
    expect(await attemptCount(recentlyFailed)).toBe(2);

    expect(await auditRows(oldDelivered)).toEqual([
      {
        action: 'delete-webhook-delivery',
        resource: 'webhook-deliveries',
        actor_id: SYSTEM_ACTOR.userId,
        actor_role: 'system',
        from_status: 'delivered',
        reason: 'Retention: 30 days after delivery or the last attempt',
        changes: { webhookId: { from: oldDelivered, to: null } },
      },
    ]);
    expect(await auditRows(oldFailed)).toEqual([
      expect.objectContaining({ action: 'delete-webhook-delivery', from_status: 'failed' }),
    ]);
    expect(await auditRows(failedUntried)).toHaveLength(1);
    expect(await auditRows(recentDelivered)).toEqual([]);
    expect(await auditRows(recentlyFailed)).toEqual([]);
    // the brand's log no longer shows what was deleted
    const listed = ((await app.deliveries()).body as Array<{ id: string }>).map((d) => d.id);
    expect(listed).toContain(recentDelivered);
    expect(listed).not.toContain(oldDelivered);
    // removed once: a later run finds nothing
    expect((await runRetention(harness.em(), policy, { trigger: 'schedule', log })).removed).toBe(0);
    expect(await auditRows(oldFailed)).toHaveLength(1);
  });

  test('a pending delivery stays with its attempts however old: it is still being tried', async () => {
    const pending = await stored('pending', 90, [90, 80, 60]);
    const run = await runRetention(harness.em(), policy, { trigger: 'schedule', log });
    expect(run.removed).toBe(0);
    expect(await deliveryCount(pending)).toBe(1);
    expect(await attemptCount(pending)).toBe(3);
    expect(await auditRows(pending)).toEqual([]);
  });

  test('a delivery delivered 40 days ago that its brand sent again 2 days ago keeps its log for the period after that try', async () => {
    const resent = await stored('delivered', 40, [40, 2]);
    expect((await runRetention(harness.em(), policy, { trigger: 'schedule', log })).removed).toBe(0);
    expect(await attemptCount(resent)).toBe(2);
  });

  test('bounded batches: a capped run leaves the rest to the next one', async () => {
    const ids = [
      await stored('failed', 50, [50]),
      await stored('failed', 50, [50]),
      await stored('failed', 50, [50]),
    ];
    const first = await runRetention(harness.em(), policy, {
      trigger: 'schedule',
      log,
      batchSize: 2,
      maxBatches: 1,
    });
    expect(first).toMatchObject({ removed: 2, complete: false });
    const second = await runRetention(harness.em(), policy, { trigger: 'schedule', log, batchSize: 2 });
    expect(second).toMatchObject({ removed: 1, complete: true });
    for (const id of ids) {
      expect(await deliveryCount(id)).toBe(0);
      expect(await auditRows(id)).toHaveLength(1);
    }
  });
});

describe('/admin/retention/webhook-deliveries', () => {
  test('staff see the policy with its period and run it now; the run and each removal are audited', async () => {
    const staff = headers('staff');
    const api = () => request(harness.service.url);
    const read = await api().get('/admin/retention/webhook-deliveries').set(staff);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: 'webhook-deliveries',
      title: 'Webhook deliveries',
      days: 30,
      since: 'after delivery or the last attempt',
    });

    const old = await stored('failed', 45, [45, 44]);
    const ran = await api().post('/admin/retention/webhook-deliveries/run').set(staff).send({});
    expect(ran.status).toBe(200);
    expect(ran.body.lastRun).toMatchObject({ trigger: 'staff', removed: 1, complete: true });
    expect(await deliveryCount(old)).toBe(0);
    expect(await auditRows(old)).toEqual([expect.objectContaining({ action: 'delete-webhook-delivery' })]);
    const runAudit = await brands.sql<{ action: string; actor_role: string; reason: string }>(
      'select action, actor_role, reason from audit_log where resource = ? and resource_id = ?',
      ['retention-runs', ran.body.lastRun.id],
    );
    expect(runAudit).toEqual([
      { action: 'run-retention', actor_role: 'staff', reason: 'Webhook deliveries: removed 1' },
    ]);
  });

  test('students and visitors cannot', async () => {
    const api = () => request(harness.service.url);
    expect((await api().get('/admin/retention/webhook-deliveries').set(headers('student'))).status).toBe(403);
    expect((await api().post('/admin/retention/webhook-deliveries/run').set(headers('student'))).status).toBe(
      403,
    );
    expect((await api().get('/admin/retention/webhook-deliveries').set(visitorHeaders())).status).toBe(401);
  });
});
