import { Redis } from 'ioredis';
import request from 'supertest';
import {
  broadcastChannel,
  HEARTBEAT_EVERY_MS,
  HEARTBEAT_TIMEOUT_MS,
  startBroadcaster,
  type Broadcaster,
} from '@tullab/broadcasts';
import { createLogger } from '@tullab/log';
import { getRedisUrl, uniqueName } from '@tullab/testing';
import type { RunningGateway } from '../src';
import { ORIGIN, startFakes, startGateway, type Fakes } from './helpers';

// Decision 005: resolved sessions kept in the gateway, dropped by identity's broadcasts.
let fakes: Fakes;
let gateway: RunningGateway;
let redis: Redis;
/** identity's sending side, played by the test: its heartbeats say every change is published (T27) */
let sender: Broadcaster;
const prefix = uniqueName('gwcache');

const student = {
  userId: 'u-cache',
  role: 'student' as const,
  verificationStatus: 'active',
  sessionId: 's-cache',
  email: 'noor@example.com',
  firstName: 'Noor',
};

const resolvedTokens = () => fakes.identity.resolved.map((r) => r.token);
const get = (path: string, token: string) => request(gateway.url).get(path).set('Cookie', `sid=${token}`);
const broadcast = (message: string) => redis.publish(broadcastChannel(prefix, 'sessions'), message);

/** The gateway has heard the broadcast once its next request finds nothing kept; give pub/sub a moment. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 100));

async function subscribed(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const [, count] = (await redis.pubsub('NUMSUB', broadcastChannel(prefix, 'sessions'))) as [
      string,
      number,
    ];
    if (count > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the gateway never subscribed');
}

beforeAll(async () => {
  redis = new Redis(await getRedisUrl());
  sender = startBroadcaster(redis, prefix, 'sessions', createLogger('identity', 'silent'));
  sender.setHearing(true);
  fakes = await startFakes();
  fakes.identity.keepFor = 60_000;
  gateway = await startGateway(fakes, { QUEUE_PREFIX: prefix });
  await subscribed();
  await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_EVERY_MS * 2));
});

afterAll(async () => {
  sender?.stop();
  await gateway?.close();
  await fakes?.close();
  redis?.disconnect();
});

beforeEach(() => {
  sender.setHearing(true);
  fakes.identity.sessions.clear();
  fakes.identity.resolved.length = 0;
});

describe('resolved sessions kept in the gateway', () => {
  test('a kept session is not asked for again, and GET /api/auth/user is answered from it without a hop', async () => {
    fakes.identity.sessions.set('tok-kept', student);
    const first = await get('/api/students/profile', 'tok-kept');
    expect(first.body.identity).toMatchObject({ userId: 'u-cache', email: 'noor@example.com' });
    const received = fakes.identity.received.length;
    const me = await get('/api/auth/user', 'tok-kept');
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.body).toEqual({ user: { id: 'u-cache', email: 'noor@example.com', role: 'student' } });
    expect(fakes.identity.received.length).toBe(received);
    expect(resolvedTokens()).toEqual(['tok-kept']);
  });

  test("a broadcast of the user's id ends what is kept: a sign-out elsewhere counts on the next request", async () => {
    fakes.identity.sessions.set('tok-out', student);
    expect((await get('/api/auth/user', 'tok-out')).body.user.id).toBe('u-cache');
    fakes.identity.sessions.delete('tok-out');
    await broadcast('u-cache');
    await delivered();
    const after = await get('/api/auth/user', 'tok-out');
    expect(after.body.identity).toMatchObject({ userId: null });
    expect(after.headers['set-cookie']?.[0]).toMatch(/^sid=; Max-Age=0/);
    expect(resolvedTokens()).toEqual(['tok-out', 'tok-out']);
  });

  test("another user's broadcast leaves a session kept; `*` ends every one", async () => {
    fakes.identity.sessions.set('tok-a', student);
    await get('/api/auth/user', 'tok-a');
    await broadcast('someone-else');
    await delivered();
    await get('/api/auth/user', 'tok-a');
    expect(resolvedTokens()).toEqual(['tok-a']);
    await broadcast('*');
    await delivered();
    await get('/api/auth/user', 'tok-a');
    expect(resolvedTokens()).toEqual(['tok-a', 'tok-a']);
  });

  test('a sign-out through this gateway forgets the session at once, before any broadcast', async () => {
    fakes.identity.sessions.set('tok-here', student);
    await get('/api/auth/user', 'tok-here');
    fakes.identity.sessions.delete('tok-here');
    const out = await request(gateway.url)
      .post('/api/auth/logout')
      .set({
        Cookie: 'sid=tok-here',
        Origin: ORIGIN,
        'x-test-set-cookie': JSON.stringify([{ name: 'sid', value: null, maxAge: 0 }]),
      });
    expect(out.status).toBe(200);
    expect((await get('/api/auth/user', 'tok-here')).body.identity).toMatchObject({ userId: null });
  });

  test('a lost broadcast subscription drops everything kept (changes may have been missed meanwhile)', async () => {
    fakes.identity.sessions.set('tok-down', student);
    await get('/api/auth/user', 'tok-down');
    await get('/api/auth/user', 'tok-down');
    expect(resolvedTokens()).toEqual(['tok-down']);
    const list = (await redis.client('LIST')) as string;
    const id = list
      .split('\n')
      .find((line) => line.includes(` name=${prefix}:broadcasts `))
      ?.match(/\bid=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await redis.client('KILL', 'ID', id!);
    await delivered();
    await subscribed();
    // and identity's next heartbeat
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_EVERY_MS * 2));
    await get('/api/auth/user', 'tok-down');
    await get('/api/auth/user', 'tok-down');
    expect(resolvedTokens()).toEqual(['tok-down', 'tok-down']);
  });

  test("without identity's heartbeats nothing kept is trusted: a change it could not publish may be waiting (T27)", async () => {
    fakes.identity.sessions.set('tok-quiet', student);
    await get('/api/auth/user', 'tok-quiet');
    await get('/api/auth/user', 'tok-quiet');
    expect(resolvedTokens()).toEqual(['tok-quiet']);
    sender.setHearing(false);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_TIMEOUT_MS));
    await get('/api/auth/user', 'tok-quiet');
    await get('/api/auth/user', 'tok-quiet');
    expect(resolvedTokens()).toEqual(['tok-quiet', 'tok-quiet', 'tok-quiet']);
    sender.setHearing(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await get('/api/auth/user', 'tok-quiet');
    expect(resolvedTokens()).toHaveLength(3);
  });
});
