import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_ATTEMPTS } from '@tullab/contracts';
import { createEnvelope } from '@tullab/events';
import { contextOf } from '../src/context';
import { requeueTask } from '../src/modules/webhooks/requeue';
import { mailingForTests, until } from './helpers';
import { startReceiver, subjectOf, webhookTests, type Receiver } from './webhooks.fixture';

/**
 * Brand apps' webhooks (issue 30 point 5): the Verify with Tullab events become signed POSTs to the webhooks
 * subscribed to them, tried again with backoff through BullMQ, logged, and sent again on request. The receiver is a
 * real HTTP server on this computer (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES for this file), verifying what it gets with
 * `standardwebhooks` as a brand's server would.
 */
const { harness } = mailingForTests({
  WEBHOOK_RETRY_BASE_MS: '50',
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
});
let brands: ReturnType<typeof webhookTests>;
let receiver: Receiver;

beforeAll(async () => {
  brands = webhookTests(harness);
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const allEvents = ['student.verified', 'redemption.created', 'verification.expired'];

/** An app with a webhook at the receiver for `events`, and its signing secret. */
async function subscribed(events = allEvents, mode: 'test' | 'live' = 'test') {
  const app = await brands.newApp(mode);
  const made = await app.put({ url: receiver.url, events });
  expect(made.status).toBe(200);
  return { ...app, secret: made.body.secret as string };
}

const received = (deliveryId: string) =>
  receiver.received.filter((request) => request.headers['webhook-id'] === deliveryId);

const verified = (appId: string, brandId: string, subject = subjectOf(randomUUID())) => ({
  appId,
  brandId,
  mode: 'test' as const,
  subject,
  verified: true,
  verifiedUntil: '2027-08-31',
  offerId: randomUUID(),
});

describe('what becomes a delivery', () => {
  test("each event reaches only the app's own webhook, and only when it subscribes to the event's type", async () => {
    const app = await subscribed(['redemption.created']);
    const other = await subscribed();
    await brands.publish('connect.verified', verified(app.appId, app.brandId));
    const redeemed = await brands.publish('connect.redeemed', {
      appId: app.appId,
      brandId: app.brandId,
      mode: 'test',
      subject: subjectOf('a student'),
      redemptionId: randomUUID(),
      offerId: randomUUID(),
      redeemedAt: new Date().toISOString(),
    });
    // a student who is not verified is no "verification succeeded"
    await brands.publish('connect.verified', { ...verified(other.appId, other.brandId), verified: false });
    const [delivery] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'delivered');
    expect(delivery).toMatchObject({ type: 'redemption.created', attempts: 1, lastStatus: 200 });
    expect((await app.deliveries()).body).toHaveLength(1);
    const stored = await brands.sql<{ app_id: string; request_id: string }>(
      'select app_id, request_id from webhook_delivery where app_id in (?, ?)',
      [app.appId, other.appId],
    );
    expect(stored).toEqual([{ app_id: app.appId, request_id: redeemed.requestId }]);
  });

  test('an app without a webhook, or a revoked one, gets no delivery; the same event twice gives one', async () => {
    const bare = await brands.newApp();
    const revoked = await subscribed();
    await brands.publish('brand-app.changed', {
      appId: revoked.appId,
      brandId: revoked.brandId,
      mode: 'test',
      revoked: true,
    });
    await until(
      () =>
        brands.sql<{ revoked: boolean }>('select revoked from brand_app where app_id = ?', [revoked.appId]),
      ([row]) => row.revoked,
    );
    // an older announcement arriving late does not bring the app back
    const late = await brands.publish('brand-app.changed', {
      appId: revoked.appId,
      brandId: revoked.brandId,
      mode: 'test',
      revoked: false,
    });
    await until(
      () => brands.sql('select 1 from processed_event where event_id = ?', [late.id]),
      (done) => done.length === 1,
    );
    const twice = await subscribed();
    const event = verified(twice.appId, twice.brandId);
    const envelope = await brands.publish('connect.verified', event);
    await harness.publisher.publish({ ...envelope });
    await brands.publish('connect.verified', verified(bare.appId, bare.brandId));
    await brands.publish('connect.verified', verified(revoked.appId, revoked.brandId));
    await brands.deliveriesOf(twice, (list) => list[0]?.status === 'delivered');
    const stored = await brands.sql<{ app_id: string }>(
      'select app_id from webhook_delivery where app_id in (?, ?, ?)',
      [bare.appId, revoked.appId, twice.appId],
    );
    expect(stored).toEqual([{ app_id: twice.appId }]);
    expect((await revoked.get()).status).toBe(404);
  });

  test('an event naming a student by anything but a pairwise subject fails at once, without retry, and sends nothing', async () => {
    const app = await subscribed();
    const valid = createEnvelope('connect.verified', verified(app.appId, app.brandId));
    const envelope = { ...valid, payload: { ...valid.payload, subject: 'layla@example.com' } };
    await harness.publisher.publish(envelope);
    const queue = harness.publisher.queue('notifications');
    await until(
      () => queue.getJobState(envelope.id),
      (state) => state === 'failed',
    );
    expect((await queue.getJob(envelope.id))?.attemptsMade).toBe(1);
    expect((await app.deliveries()).body).toEqual([]);
  });
});

describe('a delivery', () => {
  test('is a Standard Webhooks POST the brand verifies with its secret, naming the student by the subject only', async () => {
    const app = await subscribed();
    const subject = subjectOf('layla');
    const event = verified(app.appId, app.brandId, subject);
    const envelope = await brands.publish('connect.verified', event);
    const [delivery] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'delivered');
    const [request] = received(delivery.id as string);
    expect(request.headers['content-type']).toBe('application/json');
    expect(delivery.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    // what a brand's server does with it
    const body = new Webhook(app.secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    expect(body).toEqual({
      type: 'student.verified',
      timestamp: envelope.occurredAt,
      data: { app_id: app.appId, subject, verified_until: '2027-08-31', offer_id: event.offerId },
    });
    // another secret does not verify it
    const other = await subscribed();
    expect(() =>
      new Webhook(other.secret).verify(request.body, request.headers as Record<string, string>),
    ).toThrow();
  });

  test('carries no personal data: each type names the app, the subject and its own ids and dates, nothing else', async () => {
    const app = await subscribed();
    const base = {
      appId: app.appId,
      brandId: app.brandId,
      mode: 'test' as const,
      subject: subjectOf('omar'),
    };
    await brands.publish('connect.verified', { ...base, verified: true, verifiedUntil: null, offerId: null });
    await brands.publish('connect.redeemed', {
      ...base,
      redemptionId: randomUUID(),
      offerId: randomUUID(),
      redeemedAt: new Date().toISOString(),
    });
    await brands.publish('connect.verification_expired', { ...base, expiredAt: new Date().toISOString() });
    const deliveries = await brands.deliveriesOf(
      app,
      (list) => list.length === 3 && list.every((delivery) => delivery.status === 'delivered'),
    );
    const bodies = deliveries.map(
      (delivery) => JSON.parse(received(delivery.id as string)[0].body) as Record<string, never>,
    );
    const keys = Object.fromEntries(
      bodies.map((body) => [
        body.type,
        { body: Object.keys(body).sort(), data: Object.keys(body.data).sort() },
      ]),
    );
    const envelope = ['data', 'timestamp', 'type'];
    expect(keys).toEqual({
      'student.verified': { body: envelope, data: ['app_id', 'offer_id', 'subject', 'verified_until'] },
      'redemption.created': {
        body: envelope,
        data: ['app_id', 'offer_id', 'redeemed_at', 'redemption_id', 'subject'],
      },
      'verification.expired': { body: envelope, data: ['app_id', 'expired_at', 'subject'] },
    });
  });

  test('an endpoint answering 500 is tried again after a backoff and ends delivered, with both tries in the log', async () => {
    const app = await subscribed();
    receiver.answer(500);
    await brands.publish('connect.verified', verified(app.appId, app.brandId));
    const [delivery] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'delivered');
    expect(delivery).toMatchObject({ attempts: 2, lastStatus: 200, lastError: null, nextAttemptAt: null });
    expect(delivery.log).toEqual([
      { at: expect.any(String), status: 500, error: 'HTTP 500', durationMs: expect.any(Number) },
      { at: expect.any(String), status: 200, error: null, durationMs: expect.any(Number) },
    ]);
    const [first, second] = received(delivery.id as string);
    expect(second.body).toBe(first.body);
    expect(first.headers['webhook-id']).toBe(second.headers['webhook-id']);
  });

  test(`an endpoint that never takes it fails after ${WEBHOOK_ATTEMPTS} tries; a resend tries once more now, with the same webhook-id`, async () => {
    const app = await subscribed();
    receiver.answer(...Array<number>(WEBHOOK_ATTEMPTS).fill(503));
    await brands.publish('connect.verified', verified(app.appId, app.brandId));
    const [failed] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'failed');
    expect(failed).toMatchObject({ attempts: WEBHOOK_ATTEMPTS, lastStatus: 503, nextAttemptAt: null });
    expect(failed.log).toHaveLength(WEBHOOK_ATTEMPTS);

    const resent = await app.resend(failed.id as string);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ id: failed.id, status: 'pending' });
    const [delivered] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'delivered');
    expect(delivered).toMatchObject({ id: failed.id, attempts: WEBHOOK_ATTEMPTS + 1, lastStatus: 200 });
    const posts = received(failed.id as string);
    expect(posts).toHaveLength(WEBHOOK_ATTEMPTS + 1);
    expect(new Set(posts.map((post) => post.body)).size).toBe(1);
    // a delivered one may be resent too, and stays delivered
    expect((await app.resend(failed.id as string)).body.status).toBe('delivered');
    await until(
      () => received(failed.id as string),
      (all) => all.length === WEBHOOK_ATTEMPTS + 2,
    );
  });

  test('a removed webhook is sent nothing more; its log stays, and a resend is 409', async () => {
    const app = await subscribed();
    await brands.publish('connect.verified', verified(app.appId, app.brandId));
    const [delivery] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'delivered');
    expect((await app.remove()).status).toBe(204);
    expect((await app.resend(delivery.id as string)).status).toBe(409);
    expect((await app.deliveries()).body).toHaveLength(1);
  });

  test('a pending delivery whose job was lost (Redis was down when it was recorded) is handed to the queue again and delivered', async () => {
    const app = await subscribed();
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    const body = {
      type: 'verification.expired',
      timestamp: new Date().toISOString(),
      data: { app_id: app.appId },
    };
    await brands.sql(
      `insert into webhook_delivery (id, app_id, brand_id, type, payload, status, attempts, next_attempt_at, created_at)
       values (?, ?, ?, 'verification.expired', ?::jsonb, 'pending', 3, now() - interval '1 hour', now())`,
      [id, app.appId, app.brandId, JSON.stringify(body)],
    );
    const task = requeueTask(
      harness.service.deps.orm,
      contextOf(harness.service.deps).webhooks,
      60_000,
      60_000,
    );
    await task.run(harness.service.deps.log);
    await task.run(harness.service.deps.log);
    const [delivery] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'delivered');
    expect(delivery).toMatchObject({ id, attempts: 4 });
    expect(received(id)).toHaveLength(1);
  });
});
