import { Redis } from 'ioredis';
import { createRedis } from '@tullab/events';
import { createLogger } from '@tullab/log';
import { getRedisUrl, startTcpProxy, uniqueName, type TcpProxy } from '@tullab/testing';
import {
  broadcastChannel,
  EVERYTHING,
  HEARTBEAT_EVERY_MS,
  heartbeatChannel,
  PUBLISH_BOUND_MS,
  startBroadcaster,
  type Broadcaster,
} from '../src';

// Decision 005, T27: a broadcast that cannot be published is retried until Redis takes it, and while anything is
// unpublished the sender's heartbeats stop.
const log = createLogger('broadcaster-test', 'silent');
let proxy: TcpProxy;
let redis: Redis;
let listener: Redis;
let sender: Broadcaster;
let prefix: string;
const heard: string[] = [];
let heartbeats = 0;

beforeAll(async () => {
  const url = await getRedisUrl();
  proxy = await startTcpProxy(url);
  listener = new Redis(url);
  listener.on('message', (channel: string, message: string) => {
    if (channel.endsWith(':heartbeat')) heartbeats += 1;
    else heard.push(message);
  });
});

beforeEach(async () => {
  prefix = uniqueName('bc');
  heard.length = 0;
  heartbeats = 0;
  await listener.subscribe(broadcastChannel(prefix, 'sessions'), heartbeatChannel(prefix, 'sessions'));
  // the producer connection the services publish with: it fails at once while Redis cannot be reached
  redis = createRedis(proxy.url, 'producer', log);
  await new Promise((resolve) => redis.once('ready', resolve));
  sender = startBroadcaster(redis, prefix, 'sessions', log);
});

afterEach(() => {
  sender.stop();
  redis.disconnect();
  proxy.restore();
});

afterAll(async () => {
  listener.disconnect();
  await proxy.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await sleep(20);
  }
}

test('messages are published in order, and published() resolves once they are', async () => {
  sender.send('u1');
  sender.send('u2');
  await sender.published();
  await until(() => heard.length === 2);
  expect(heard).toEqual(['u1', 'u2']);
});

test('a message Redis does not take is retried, in order, until it goes out; meanwhile no heartbeat', async () => {
  sender.setHearing(true);
  await until(() => heartbeats > 0);
  proxy.cut();
  sender.send('signed-out');
  sender.send('disabled');
  const started = Date.now();
  await sender.published();
  // answered after the bound, by when no gateway trusts what it keeps
  expect(Date.now() - started).toBeGreaterThanOrEqual(PUBLISH_BOUND_MS - 50);
  const beats = heartbeats;
  await sleep(HEARTBEAT_EVERY_MS * 3);
  expect(heartbeats).toBe(beats);
  expect(heard).toEqual([]);

  proxy.restore();
  await until(() => heard.length === 2);
  expect(heard).toEqual(['signed-out', 'disabled']);
  await until(() => heartbeats > beats);
});

test('heartbeats go out only while the sender hears every change', async () => {
  await sleep(HEARTBEAT_EVERY_MS * 2);
  expect(heartbeats).toBe(0);
  sender.setHearing(true);
  await until(() => heartbeats > 0);
  sender.setHearing(false);
  await sleep(HEARTBEAT_EVERY_MS);
  const beats = heartbeats;
  await sleep(HEARTBEAT_EVERY_MS * 2);
  expect(heartbeats).toBe(beats);
});

test('a long backlog goes out as one EVERYTHING', async () => {
  proxy.cut();
  for (let i = 0; i < 150; i++) sender.send(`u${i}`);
  await sleep(200);
  proxy.restore();
  await until(() => heard.includes(EVERYTHING));
  await sleep(200);
  expect(heard.at(-1)).toBe(EVERYTHING);
  expect(heard.length).toBeLessThan(60);
});
