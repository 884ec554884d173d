import { randomUUID } from 'node:crypto';
import { WEBHOOK_ATTEMPTS } from '@tullab/contracts';
import { mailingForTests } from './helpers';
import { startReceiver, subjectOf, webhookTests, type Receiver } from './webhooks.fixture';

/**
 * SSRF (T38): with WEBHOOKS_ALLOW_PRIVATE_ADDRESSES unset, as in production, a webhook whose URL leads to this
 * computer or a private network is never connected to: each try is refused before any connection and logged, and the
 * delivery fails. (webhooks.delivery.test.ts runs with it set, as npm start and e2e do, and delivers to the same kind
 * of receiver.)
 */
const { harness } = mailingForTests({ WEBHOOK_RETRY_BASE_MS: '10' });
let brands: ReturnType<typeof webhookTests>;
let receiver: Receiver;

beforeAll(async () => {
  brands = webhookTests(harness);
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const refused = 'refused: the URL does not lead to a public internet address';

describe('a webhook on a private address', () => {
  test.each([
    ['a loopback IP', () => receiver.url],
    ['a name that resolves to loopback', () => receiver.url.replace('127.0.0.1', 'localhost')],
    ['an IPv6 loopback', () => 'http://[::1]:9/webhooks'],
  ])('at %s is refused at every try, never connected to, and fails', async (_kind, url) => {
    expect(harness.config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    const app = await brands.newApp('test');
    expect((await app.put({ url: url(), events: ['student.verified'] })).status).toBe(200);
    await brands.publish('connect.verified', {
      appId: app.appId,
      brandId: app.brandId,
      mode: 'test',
      subject: subjectOf(randomUUID()),
      verified: true,
      verifiedUntil: null,
      offerId: null,
    });
    const [delivery] = await brands.deliveriesOf(app, (list) => list[0]?.status === 'failed');
    expect(delivery).toMatchObject({ attempts: WEBHOOK_ATTEMPTS, lastStatus: null, lastError: refused });
    expect(delivery.log).toEqual(
      Array.from({ length: WEBHOOK_ATTEMPTS }, () => ({
        at: expect.any(String),
        status: null,
        error: refused,
        durationMs: expect.any(Number),
      })),
    );
    expect(receiver.received).toEqual([]);
  });
});
