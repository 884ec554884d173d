import { Redis } from 'ioredis';
import { createEnvelope } from '@tullab/events';
import { broadcastChannel } from '@tullab/broadcasts';
import { contextOf } from '../src/context';
import { registered, startIdentity, type TestIdentity } from './helpers';

// Decision 005: every change to a user or their sessions reaches the gateways as a `sessions` broadcast.
let identity: TestIdentity;
let subscriber: Redis;
const heard: string[] = [];

beforeAll(async () => {
  identity = await startIdentity();
  subscriber = new Redis(identity.config.REDIS_URL);
  subscriber.on('message', (_channel: string, message: string) => heard.push(message));
  await subscriber.subscribe(broadcastChannel(identity.config.QUEUE_PREFIX, 'sessions'));
  await waitFor(() => contextOf(identity.service.deps).sessionChanges.listening);
});

afterAll(async () => {
  subscriber?.disconnect();
  await identity?.close();
});

beforeEach(() => {
  heard.length = 0;
});

async function waitFor(done: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('not heard in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session broadcasts', () => {
  test('a sign-out is broadcast with the user id', async () => {
    const { client, user } = await registered(identity);
    heard.length = 0;
    expect((await client.post('/auth/logout')).status).toBe(204);
    await waitFor(() => heard.includes(user.id));
  });

  test('a password change is broadcast', async () => {
    const { client, user, student } = await registered(identity);
    heard.length = 0;
    const changed = await client.post('/students/change-password', {
      currentPassword: student.password,
      newPassword: 'a brand new passphrase 99',
    });
    expect(changed.status).toBe(200);
    await waitFor(() => heard.includes(user.id));
  });

  test('a change made outside the API (the worker, SQL by hand) is broadcast too', async () => {
    const { user } = await registered(identity);
    heard.length = 0;
    await identity.deliver(
      createEnvelope('verification.status_changed', {
        userId: user.id,
        status: 'active',
        changedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    await waitFor(() => heard.includes(user.id));
    heard.length = 0;
    await identity.sql('update users set disabled_at = now() where id = ?', [user.id]);
    await waitFor(() => heard.includes(user.id));
  });

  test('resolution keeps an active verification only until it lapses', async () => {
    const { client, user } = await registered(identity);
    const lapses = new Date(Date.now() + 3_600_000);
    await identity.sql(
      "update users set verification_status = 'active', verification_expires_at = ? where id = ?",
      [lapses, user.id],
    );
    const res = await identity.resolve(client.sid!);
    expect(res.body.verificationStatus).toBe('active');
    expect(res.body.cacheUntil).toBe(lapses.getTime());
  });
});
