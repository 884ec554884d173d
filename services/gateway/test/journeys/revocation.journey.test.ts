import { Redis } from 'ioredis';
import request from 'supertest';
import { broadcastChannel, heartbeatChannel, type BroadcastTopic } from '@tullab/broadcasts';
import { parseConfig } from '@tullab/config';
import { getRedisUrl, startTcpProxy, type TcpProxy } from '@tullab/testing';
import { configShape, startService, type RunningGateway } from '../../src';
import { newStudent, setCookies } from '../client';
import { browserWithOwnAddress, type Browser } from './browsers';
import { eventually } from './eventually';
import { createOffer, type OfferRecord } from './offers';
import { ADMIN, startStack, type Stack } from './stack';
import { signInStaff } from './staff';

// T27 (decision 005): a sign-out or a paused offer whose broadcast cannot be published still counts on the gateway
// once identity or offers has answered it, and the broadcast goes out once Redis takes it again. Identity and offers
// reach Redis through a proxy the tests cut; the gateways keep their own connections.
let proxy: TcpProxy;
let stack: Stack;
/** a second gateway: the one a sign-out through the stack's gateway does not forget the session on by itself */
let second: RunningGateway;
let admin: Browser;
let listener: Redis;
const heard: { topic: BroadcastTopic; message: string }[] = [];
const heartbeatAt = new Map<BroadcastTopic, number>();

beforeAll(async () => {
  const redisUrl = await getRedisUrl();
  proxy = await startTcpProxy(redisUrl);
  stack = await startStack({
    trustProxy: 'loopback',
    redisUrlOf: { identity: proxy.url, offers: proxy.url },
  });
  second = await startService(parseConfig(configShape, { ...stack.gatewayEnv, PORT: '0' }));
  admin = await signInStaff(stack.url, ADMIN);
  const prefix = stack.gatewayEnv.QUEUE_PREFIX;
  const topics: BroadcastTopic[] = ['sessions', 'catalogue'];
  const byChannel = new Map(topics.map((topic) => [broadcastChannel(prefix, topic), topic]));
  const heartbeats = new Map(topics.map((topic) => [heartbeatChannel(prefix, topic), topic]));
  listener = new Redis(redisUrl);
  listener.on('message', (channel: string, message: string) => {
    const beating = heartbeats.get(channel);
    if (beating) heartbeatAt.set(beating, Date.now());
    else heard.push({ topic: byChannel.get(channel)!, message });
  });
  await listener.subscribe(...byChannel.keys(), ...heartbeats.keys());
}, 90_000);

/**
 * Closes one part, or gives up on it after 15 s saying which (one CI run in several, a part of this stack did not
 * close after both tests had passed; the tests' behaviour is not in question, and the report names the part).
 */
async function closeWithin(name: string, close: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`revocation journey: ${name} did not close within 15 s`);
      resolve();
    }, 15_000);
  });
  await Promise.race([close().catch(() => undefined), gaveUp]);
  clearTimeout(timer);
}

afterAll(async () => {
  listener?.disconnect();
  proxy?.restore();
  if (second) await closeWithin('the second gateway', () => second.close());
  if (stack) await closeWithin('the stack', () => stack.close());
  if (proxy) await closeWithin('the proxy', () => proxy.close());
}, 60_000);

afterEach(() => proxy.restore());

/** Resolves once `topic`'s sender says it has published everything (its heartbeat is heard). */
async function allPublished(topic: BroadcastTopic): Promise<void> {
  const since = Date.now();
  const beat = await eventually(
    async () => heartbeatAt.get(topic) ?? 0,
    (at) => at > since,
  );
  expect(beat).toBeGreaterThan(since);
}

const heardOn = (topic: BroadcastTopic, message: string) =>
  heard.some((broadcast) => broadcast.topic === topic && broadcast.message === message);

const cookieOf = (res: request.Response) =>
  setCookies(res)
    .map((c) => c.split(';')[0])
    .join('; ');

describe('a change whose broadcast cannot be published (T27)', () => {
  test('a sign-out answered by identity is refused at once on another gateway that kept the session; the broadcast goes out once Redis is back', async () => {
    const browser = browserWithOwnAddress(stack.url);
    const registered = await browser.post('/api/auth/register', newStudent());
    expect(registered.status).toBe(201);
    const userId = registered.body.user.id as string;
    const cookie = cookieOf(registered);
    const user = () => request(second.url).get('/api/auth/user').set('Cookie', cookie);
    await allPublished('sessions');
    expect((await user()).status).toBe(200);
    expect((await user()).status).toBe(200);

    proxy.cut();
    expect((await browser.post('/api/auth/logout')).status).toBe(204);
    expect((await user()).status).toBe(401);
    expect(heardOn('sessions', userId)).toBe(false);

    proxy.restore();
    await eventually(
      async () => heardOn('sessions', userId),
      (done) => done,
    );
    expect(heardOn('sessions', userId)).toBe(true);
  });

  test('a pause answered by offers takes the offer off the catalogue the gateway lists', async () => {
    const offer = await createOffer(admin, { title: 'Paused while Redis is away' });
    const listed = async () =>
      ((await request(stack.url).get('/api/offers')).body as OfferRecord[]).some(
        (item) => item.id === offer.id,
      );
    await allPublished('catalogue');
    expect(await listed()).toBe(true);
    expect(await listed()).toBe(true);

    proxy.cut();
    heard.length = 0;
    expect((await admin.post(`/api/admin/offers/${offer.id}/pause`)).status).toBe(200);
    expect(await listed()).toBe(false);

    proxy.restore();
    await eventually(
      async () => heardOn('catalogue', '*'),
      (done) => done,
    );
    expect(heardOn('catalogue', '*')).toBe(true);
  });
});
